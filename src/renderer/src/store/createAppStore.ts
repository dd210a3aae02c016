import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/client'
import { browserKeyValueStore, type KeyValueStore } from '../lib/keyValueStore'
import { createAgentsSlice } from '../features/agents/agentsSlice'
import { createFilesSlice } from '../features/files/filesSlice'
import { createChatsBehindSlice } from '../features/files/chatsBehindSlice'
import { createProjectFolderSlice } from '../features/files/projectFolderSlice'
import { createSettingsSlice } from '../features/settings/settingsSlice'
import { createPromptSlice } from '../features/prompt/promptSlice'
import { createReviewSlice } from '../features/review/reviewSlice'
import { createReviewHistorySlice } from '../features/review/reviewHistorySlice'
import { createMemoriesSlice } from '../features/memories/memoriesSlice'
import { createMemoryWritesSlice } from '../features/memories/memoryWritesSlice'
import { createSkillsSlice } from '../features/skills/skillsSlice'
import { createPlaceSlice } from '../features/place/placeSlice'
import { createMemorySignalsSlice } from '../features/memory/memorySignalsSlice'
import { createNexusSlice } from '../features/nexus/nexusSlice'
import { createNexusConflictsSlice } from '../features/nexus/nexusConflictsSlice'
import { createNexusPostSlice } from '../features/nexus/nexusPostSlice'
import { createProjectStateSlice } from '../features/nexus/projectStateSlice'
import { createNexusTeamSlice } from '../features/nexus/nexusTeamSlice'
import { createChatSessionsSlice } from '../features/chat/chatSessionsSlice'
import { createChatTurnSlice } from '../features/chat/chatTurnSlice'
import { createChatUsageSlice } from '../features/chat/chatUsageSlice'
import { createChatProjectSlice } from '../features/chat/chatProjectSlice'
import { createChatVersionsSlice } from '../features/chat/chatVersionsSlice'
import { createAttachmentsSlice } from '../features/attachments/attachmentsSlice'
import { createChatEndSlice } from '../features/chat/chatEndSlice'
import { createChatDraftSlice } from '../features/chat/chatDraftSlice'
import { createChatRetrySlice } from '../features/chat/chatRetrySlice'
import { createChatsSlice } from '../features/chats/chatsSlice'
import { createSearchSlice } from '../features/search/searchSlice'
import { createKnowledgeSlice } from '../features/knowledge/knowledgeSlice'
import { createInspectorSlice } from '../features/inspector/inspectorSlice'
import { createToolsSlice } from '../features/tools/toolsSlice'
import { createModelSlice } from '../features/model/modelSlice'
import { browserSystemTheme, createThemeSlice } from '../features/theme/themeSlice'
import { createMcpServersSlice } from '../features/tools/mcpServersSlice'
import { createSyncSlice } from '../features/sync/syncSlice'
import { createImportsSlice } from '../features/imports/importsSlice'
import { createBackupSlice } from '../features/backup/backupSlice'
import { createWikiSlice } from '../features/wiki/wikiSlice'
import { createConnectionSlice } from './connectionSlice'
import { createNavigationSlice } from './navigationSlice'
import type { AppState } from './types'

/**
 * One vanilla store for the app (zustand's recommendation), built from slices that share the
 * ApiClient (and the device's key-value storage). Tests build it with a fake client in plain Node. Middleware would go here, never in
 * slices. A feature adds one line: `...createXSlice(api)(...args),`.
 */
export function createAppStore(
  api: ApiClient,
  storage: KeyValueStore = browserKeyValueStore()
): StoreApi<AppState> {
  return createStore<AppState>()((...args) => ({
    ...createConnectionSlice(api)(...args),
    ...createNavigationSlice()(...args),
    ...createAgentsSlice(api)(...args),
    ...createFilesSlice(api)(...args),
    ...createChatsBehindSlice(api)(...args),
    ...createProjectFolderSlice(api, storage)(...args),
    ...createSettingsSlice(api)(...args),
    ...createReviewSlice(api)(...args),
    ...createReviewHistorySlice(api)(...args),
    ...createMemoriesSlice(api)(...args),
    ...createMemoryWritesSlice(api)(...args),
    ...createSkillsSlice(api)(...args),
    ...createPlaceSlice(api)(...args),
    ...createMemorySignalsSlice(api)(...args),
    ...createPromptSlice(api)(...args),
    ...createNexusSlice(api)(...args),
    ...createNexusPostSlice(api)(...args),
    ...createNexusConflictsSlice(api)(...args),
    ...createChatSessionsSlice(api)(...args),
    ...createChatTurnSlice(api)(...args),
    ...createChatUsageSlice()(...args),
    ...createChatProjectSlice(api)(...args),
    ...createChatVersionsSlice(api)(...args),
    ...createAttachmentsSlice(api)(...args),
    ...createChatEndSlice(api)(...args),
    ...createChatDraftSlice(storage)(...args),
    ...createChatRetrySlice(api)(...args),
    ...createChatsSlice(api)(...args),
    ...createSearchSlice(api)(...args),
    ...createKnowledgeSlice(api)(...args),
    ...createInspectorSlice(api)(...args),
    ...createProjectStateSlice(api)(...args),
    ...createNexusTeamSlice(api)(...args),
    ...createToolsSlice(api)(...args),
    ...createModelSlice(api)(...args),
    ...createThemeSlice(storage, browserSystemTheme)(...args),
    ...createMcpServersSlice(api)(...args),
    ...createSyncSlice(api)(...args),
    ...createImportsSlice(api)(...args),
    ...createBackupSlice(api)(...args),
    ...createWikiSlice(api)(...args)
  }))
}
