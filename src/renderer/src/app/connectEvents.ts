import type { StoreApi } from 'zustand/vanilla'
import type { ApiClient } from '../api/client'
import type { AppState } from '../store/types'

/**
 * The single place where pushed events (and connection changes) enter the store. A feature adds
 * one line per event: `api.on('x.happened', (payload) => store.getState().receiveX(payload)),`.
 */
export function connectEvents(api: ApiClient, store: StoreApi<AppState>): () => void {
  const unsubscribers = [
    api.on('agents.changed', ({ agents }) => store.getState().receiveAgents(agents)),
    api.on('files.changed', (change) => void store.getState().receiveFileChanged(change)),
    api.on(
      'files.changed',
      ({ target }) => target.kind === 'skill' && store.getState().receiveSkillsChanged()
    ),
    api.on(
      'review.changed',
      () => (store.getState().receiveReviewChanged(), store.getState().receiveMemoriesChanged())
    ),
    api.on('review.changed', () => store.getState().receivePendingWritesChanged()),
    api.on('review.changed', () => store.getState().receiveReviewHistoryChanged()),
    api.on(
      'memory.written',
      (receipt) => (store.getState().receiveMemoryWritten(receipt), store.getState().receiveMemoriesChanged())
    ),
    api.on(
      'memory.undone',
      (undone) => (store.getState().receiveMemoryUndone(undone), store.getState().receiveMemoriesChanged())
    ),
    api.on('memory.written', () => store.getState().receiveMemoryWritesChanged()),
    api.on('memory.undone', () => store.getState().receiveMemoryWritesChanged()),
    api.on('memory.recalled', (recalled) => store.getState().receiveMemoryRecalled(recalled)),
    api.on('nexus.appended', ({ entries }) => {
      store.getState().receiveNexusAppended(entries)
      store.getState().noticeNexusAppendedForAcks(entries)
    }),
    api.on('nexus.verifyProgress', (progress) => store.getState().receiveNexusVerifyProgress(progress)),
    api.on('chat.delta', (delta) => store.getState().receiveChatDelta(delta)),
    api.on('chat.toolCall', (call) => store.getState().receiveChatToolCall(call)),
    api.on('chat.finished', (finished) => store.getState().receiveChatFinished(finished)),
    api.on('chat.failed', (failed) => store.getState().receiveChatFailed(failed)),
    api.on('sessions.endProgress', (progress) => store.getState().receiveSessionEndProgress(progress)),
    api.on('sessions.ended', (ended) => store.getState().receiveSessionEnded(ended)),
    api.on('chats.changed', (change) => void store.getState().receiveChatsChanged(change)),
    api.on('tools.confirmationRequested', (request) =>
      store.getState().receiveToolConfirmationRequested(request)
    ),
    api.on('tools.confirmationResolved', ({ requestId }) =>
      store.getState().receiveToolConfirmationResolved(requestId)
    ),
    api.on('knowledge.progress', (progress) => store.getState().receiveKnowledgeProgress(progress)),
    api.on('nexus.syncProgress', (progress) => store.getState().receiveSyncProgress(progress)),
    api.on('nexus.synced', (result) => store.getState().receiveSynced(result)),
    api.on('imports.progress', (progress) => store.getState().receiveImportProgress(progress)),
    api.on('backup.progress', (progress) => store.getState().receiveBackupProgress(progress)),
    api.on('tools.serverStatusChanged', (change) => store.getState().receiveToolServerStatus(change)),
    api.onConnection((status, detail) => {
      const previous = store.getState().connection
      store.getState().setConnection(status, detail)
      const wasAway = previous === 'reconnecting' || previous === 'restarting'
      if (status === 'connected' && wasAway) void refreshAfterReconnect(store.getState())
    })
  ]
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe())
}

/** Events sent while we were disconnected are lost, so re-read what the screens show. */
async function refreshAfterReconnect(state: AppState): Promise<void> {
  await Promise.all([
    state.loadAgents(),
    state.refreshOpenFiles(),
    state.loadSettings(),
    state.loadReviewCount(),
    state.startNexus(),
    state.resyncChat()
  ])
}

/** The first loads after start-up; calls queue until the transport is connected. */
export async function loadInitialState(state: AppState): Promise<void> {
  await Promise.all([
    state.loadAppInfo(),
    state.loadAgents(),
    state.loadSettings(),
    state.loadReviewCount(),
    state.startNexus()
  ])
  await state.restorePlace()
}
