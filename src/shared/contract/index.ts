import type { z } from 'zod'
import type { RpcResult } from './define'
import { agentMethods } from './agents'
import { appMethods } from './app'
import { chatMethods } from './chat'
import { events } from './events'
import { fileMethods } from './files'
import { nexusMethods } from './nexus'
import { nexusSyncMethods } from './nexusSync'
import { nexusTeamMethods } from './nexusTeam'
import { sessionMethods } from './sessions'
import { inspectorMethods } from './inspector'
import { chatsMethods } from './chats'
import { settingsMethods } from './settings'
import { promptMethods } from './prompt'
import { memoryMethods } from './memory'
import { memoriesMethods } from './memories'
import { reviewMethods } from './review'
import { toolsMethods } from './tools'
import { versionMethods } from './versions'
import { attachmentMethods } from './attachments'
import { modelMethods } from './models'
import { mcpServersMethods } from './mcpServers'
import { knowledgeMethods } from './knowledge'
import { importMethods } from './imports'
import { backupMethods } from './backup'
import { skillsMethods } from './skills'
import { uiMethods } from './ui'
import { wikiMethods } from './wiki'

export * from './define'
export * from './ids'
export * from './agents'
export * from './app'
export * from './chat'
export * from './sessions'
export * from './inspector'
export * from './callContext'
export * from './chats'
export * from './chatExport'
export * from './chatBehindFile'
export * from './requestDiff'
export * from './files'
export * from './limits'
export * from './boundedText'
export * from './nexus'
export * from './nexusSync'
export * from './nexusTeam'
export * from './settings'
export * from './baseUrl'
export * from './prompt'
export * from './memory'
export * from './memories'
export * from './review'
export * from './factPages'
export * from './importSource'
export * from './imports'
export * from './agentBundle'
export * from './backup'
export * from './tools'
export * from './versions'
export * from './attachments'
export * from './models'
export * from './mcpServers'
export * from './knowledge'
export * from './skills'
export * from './ui'
export * from './wiki'
export { events } from './events'

/** Every method of the contract. Each feature contributes one `…Methods` object. */
export const methods = {
  ...appMethods,
  ...agentMethods,
  ...fileMethods,
  ...nexusMethods,
  ...nexusSyncMethods,
  ...nexusTeamMethods,
  ...settingsMethods,
  ...chatMethods,
  ...memoryMethods,
  ...memoriesMethods,
  ...reviewMethods,
  ...sessionMethods,
  ...inspectorMethods,
  ...chatsMethods,
  ...promptMethods,
  ...toolsMethods,
  ...versionMethods,
  ...attachmentMethods,
  ...modelMethods,
  ...mcpServersMethods,
  ...knowledgeMethods,
  ...importMethods,
  ...backupMethods,
  ...skillsMethods,
  ...uiMethods,
  ...wikiMethods
} as const

export type Methods = typeof methods
export type MethodName = keyof Methods & string
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>
export type Events = typeof events
export type EventName = keyof Events & string
export type EventPayload<E extends EventName> = z.output<Events[E]>
/** One event with its payload as a tuple, so a listener's `(event, payload)` narrow together. */
export type EventArgs = { [E in EventName]: [event: E, payload: EventPayload<E>] }[EventName]
/** A listener of every contract event; after `if (event === 'chat.finished')` its payload is a ChatFinished. */
export type TypedEventListener = (...args: EventArgs) => void

/** What the core implements. Inputs arrive already parsed. */
export type Handlers = {
  readonly [M in MethodName]: (input: z.output<Methods[M]['input']>) => Promise<MethodOutput<M>>
}

/** The raw, untyped wire every transport provides (IPC bridge or WebSocket). */
export interface Transport {
  invoke(method: string, input: unknown): Promise<RpcResult<unknown>>
  subscribe(listener: (event: string, payload: unknown) => void): () => void
}

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(methods, name)
}
