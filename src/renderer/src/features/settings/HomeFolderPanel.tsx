import type { ReactNode } from 'react'
import { selectAppInfo } from '../../store/connectionSlice'
import { useAppStore } from '../../store/useAppStore'
import { selectSettingsView } from './settingsSlice'

/** Where everything lives, so the user can open the files with their own tools. */
export function HomeFolderPanel(): ReactNode {
  const appInfo = useAppStore(selectAppInfo)
  const view = useAppStore(selectSettingsView)
  return (
    <dl className="facts">
      <dt>Home folder</dt>
      <dd className="path">{appInfo?.home ?? '…'}</dd>
      <dt>Settings file</dt>
      <dd className="path">{view?.configPath ?? '…'}</dd>
      <dt>Running in</dt>
      <dd>
        {appInfo === null ? '…' : appInfo.host === 'web' ? 'the browser (hearth serve)' : 'the desktop app'} ·
        version {appInfo?.version ?? '…'}
      </dd>
    </dl>
  )
}
