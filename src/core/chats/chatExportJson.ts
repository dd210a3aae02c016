import { CHAT_EXPORT_VERSION, ChatExport } from '../../shared/contract/chatExport'
import type { TurnId } from '../../shared/contract/ids'
import { publicUsage } from '../chat/turn/turnRunner'
import { pathTo } from '../chat/store/turnPath'
import { attachmentsOf, textOf, type ChatExportInput } from './chatExportInput'

/** The chat in the documented `ChatExport` shape, checked against its schema before it leaves. */
export function chatJson(input: ChatExportInput): ChatExport {
  const { session } = input
  const shownIds = new Set(input.shown.map((message) => message.id))
  const shownTurns = new Set(pathTo(input.turns, headOf(input)))
  return ChatExport.parse({
    format: 'hearth.chat',
    version: CHAT_EXPORT_VERSION,
    exportedAtMs: input.exportedAtMs,
    chat: {
      id: session.id,
      title: session.title,
      titleSource: session.titleSource,
      agent: { id: session.agentId, name: input.agentName },
      model: session.model,
      cwd: session.cwd,
      startedAtMs: session.startedAtMs,
      updatedAtMs: session.updatedAtMs,
      endedAtMs: session.endedAtMs,
      pinnedAtMs: session.pinnedAtMs
    },
    turns: input.turns.map((turn) => ({
      turnId: turn.turnId,
      parentTurnId: turn.parentTurnId,
      origin: turn.origin,
      versionOf: turn.sourceTurnId,
      shown: shownTurns.has(turn.turnId),
      createdAtMs: turn.createdAtMs
    })),
    messages: input.messages.map((message) => ({
      id: message.id,
      turnId: message.turnId,
      role: message.role,
      kind: message.kind,
      status: message.status,
      createdAtMs: message.createdAtMs,
      shown: shownIds.has(message.id),
      text: textOf(message.content),
      content: message.content.map((block) => ({ ...block })),
      attachments: attachmentsOf(message.content).map((file) => ({
        id: file.source.id,
        name: file.source.name,
        mediaType: file.source.media_type
      }))
    })),
    calls: input.calls.map((call) => ({
      id: call.id,
      turnId: call.turnId,
      purpose: call.purpose,
      model: call.model,
      status: call.status,
      startedAtMs: call.startedAtMs,
      usage: publicUsage(call.usage),
      costUsd: call.costUsd,
      missReason: call.missReason
    }))
  })
}

/** The shown path's last turn: the turn of the newest message on it. */
function headOf(input: ChatExportInput): TurnId | null {
  return input.shown.at(-1)?.turnId ?? null
}
