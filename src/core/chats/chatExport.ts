import type { ChatExportFile, ChatExportFormat } from '../../shared/contract/chats'
import type { ChatExportInput } from './chatExportInput'
import { chatJson } from './chatExportJson'
import { chatMarkdown } from './chatExportMarkdown'

/** The chat as a file in the format asked for, with a name safe on every file system. */
export function exportChat(input: ChatExportInput, format: ChatExportFormat): ChatExportFile {
  const base = exportFileBase(input.session.title, input.session.startedAtMs)
  return format === 'md'
    ? { fileName: `${base}.md`, mediaType: 'text/markdown', text: chatMarkdown(input) }
    : {
        fileName: `${base}.json`,
        mediaType: 'application/json',
        text: `${JSON.stringify(chatJson(input), null, 2)}\n`
      }
}

/** `hearth-chat-<words of the title>-<yyyy-mm-dd>`: letters and digits only, never a path. */
export function exportFileBase(title: string, startedAtMs: number): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  const day = new Date(startedAtMs).toISOString().slice(0, 10)
  return `hearth-chat-${slug || 'untitled'}-${day}`
}
