import type { ReactNode } from 'react'
import { PROVIDER_PRESETS, presetFor, type ProviderPreset } from '../../../../shared/contract/providerPresets'

type Props = Readonly<{
  id: string
  provider: string
  baseUrl: string
  onPick: (preset: ProviderPreset) => void
}>

/** Where requests go: Anthropic, a local gateway, OpenRouter or another compatible endpoint. */
export function ProviderPresetSelect({ id, provider, baseUrl, onPick }: Props): ReactNode {
  const current = presetFor(provider, baseUrl)
  return (
    <select
      id={id}
      className="select"
      value={current.id}
      data-testid="settings-provider"
      onChange={(event) => {
        const picked = PROVIDER_PRESETS.find((preset) => preset.id === event.target.value)
        if (picked !== undefined) onPick(picked)
      }}
    >
      {PROVIDER_PRESETS.map((preset) => (
        <option key={preset.id} value={preset.id}>
          {preset.label}
        </option>
      ))}
    </select>
  )
}
