import type { StateCreator } from 'zustand'
import type { AgentsSlice } from '../features/agents/agentsSlice'
import type { FilesSlice } from '../features/files/filesSlice'
import type { ChatsBehindSlice } from '../features/files/chatsBehindSlice'
import type { ProjectFolderSlice } from '../features/files/projectFolderSlice'
import type { SettingsSlice } from '../features/settings/settingsSlice'
import type { PromptSlice } from '../features/prompt/promptSlice'
import type { ReviewSlice } from '../features/review/reviewSlice'
import type { ReviewHistorySlice } from '../features/review/reviewHistorySlice'
import type { MemoriesSlice } from '../features/memories/memoriesSlice'
import type { MemoryWritesSlice } from '../features/memories/memoryWritesSlice'
import type { SkillsSlice } from '../features/skills/skillsSlice'
import type { PlaceSlice } from '../features/place/placeSlice'
import type { MemorySignalsSlice } from '../features/memory/memorySignalsSlice'
import type { NexusSlice } from '../features/nexus/nexusSlice'
import type { NexusConflictsSlice } from '../features/nexus/nexusConflictsSlice'
import type { NexusPostSlice } from '../features/nexus/nexusPostSlice'
import type { ProjectStateSlice } from '../features/nexus/projectStateSlice'
import type { NexusTeamSlice } from '../features/nexus/nexusTeamSlice'
import type { ChatSessionsSlice } from '../features/chat/chatSessionsSlice'
import type { ChatTurnSlice } from '../features/chat/chatTurnSlice'
import type { ChatUsageSlice } from '../features/chat/chatUsageSlice'
import type { ChatProjectSlice } from '../features/chat/chatProjectSlice'
import type { ChatVersionsSlice } from '../features/chat/chatVersionsSlice'
import type { AttachmentsSlice } from '../features/attachments/attachmentsSlice'
import type { ChatEndSlice } from '../features/chat/chatEndSlice'
import type { ChatDraftSlice } from '../features/chat/chatDraftSlice'
import type { ChatRetrySlice } from '../features/chat/chatRetrySlice'
import type { ChatsSlice } from '../features/chats/chatsSlice'
import type { SearchSlice } from '../features/search/searchSlice'
import type { KnowledgeSlice } from '../features/knowledge/knowledgeSlice'
import type { InspectorSlice } from '../features/inspector/inspectorSlice'
import type { ToolsSlice } from '../features/tools/toolsSlice'
import type { ModelSlice } from '../features/model/modelSlice'
import type { ThemeSlice } from '../features/theme/themeSlice'
import type { McpServersSlice } from '../features/tools/mcpServersSlice'
import type { SyncSlice } from '../features/sync/syncSlice'
import type { ImportsSlice } from '../features/imports/importsSlice'
import type { BackupSlice } from '../features/backup/backupSlice'
import type { WikiSlice } from '../features/wiki/wikiSlice'
import type { ConnectionSlice } from './connectionSlice'
import type { NavigationSlice } from './navigationSlice'

/**
 * The whole renderer state: one store made of feature slices.
 * A feature adds its slice type here (one `& XSlice`) and its creator in `createAppStore.ts`.
 */
export type AppState = ConnectionSlice &
  NavigationSlice &
  AgentsSlice &
  FilesSlice &
  ChatsBehindSlice &
  ProjectFolderSlice &
  SettingsSlice &
  ReviewSlice &
  ReviewHistorySlice &
  MemoriesSlice &
  MemoryWritesSlice &
  SkillsSlice &
  PlaceSlice &
  MemorySignalsSlice &
  PromptSlice &
  NexusSlice &
  NexusPostSlice &
  NexusConflictsSlice &
  ChatSessionsSlice &
  ChatTurnSlice &
  ChatUsageSlice &
  ChatProjectSlice &
  ChatVersionsSlice &
  AttachmentsSlice &
  ChatEndSlice &
  ChatDraftSlice &
  ChatRetrySlice &
  ChatsSlice &
  SearchSlice &
  KnowledgeSlice &
  InspectorSlice &
  ProjectStateSlice &
  NexusTeamSlice &
  ToolsSlice &
  ModelSlice &
  ThemeSlice &
  McpServersSlice &
  SyncSlice &
  ImportsSlice &
  BackupSlice &
  WikiSlice

export type SliceCreator<T> = StateCreator<AppState, [], [], T>

/** What an action that a form waits on reports back: the form shows `message` inline. */
export type ActionResult<T = void> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string }
