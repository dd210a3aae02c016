import type {
  KnowledgeProgress,
  KnowledgeStatus,
  MethodInput,
  MethodOutput
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, SliceCreator } from '../../store/types'

export type EmbeddingsInput = MethodInput<'knowledge.setEmbeddings'>
export type EmbeddingsTestResult = MethodOutput<'knowledge.testEmbeddings'>

/** Settings → Knowledge: the index's status, its live progress, and the embedding endpoint. */
export interface KnowledgeSlice {
  readonly knowledgeStatus: KnowledgeStatus | null
  /** The background work going on now; null when idle (or nothing was heard yet). */
  readonly knowledgeProgress: KnowledgeProgress | null
  readonly knowledgeError: string | null
  readonly loadKnowledgeStatus: () => Promise<void>
  readonly saveEmbeddings: (input: EmbeddingsInput) => Promise<ActionResult>
  readonly testEmbeddings: (input: Partial<EmbeddingsInput>) => Promise<ActionResult<EmbeddingsTestResult>>
  readonly rebuildKnowledge: () => Promise<ActionResult>
  readonly receiveKnowledgeProgress: (progress: KnowledgeProgress) => void
}

/** The status is read again at most this often while progress events arrive. */
const STATUS_EVERY_MS = 1000

export function createKnowledgeSlice(api: ApiClient): SliceCreator<KnowledgeSlice> {
  let lastRead = 0
  return (set, get) => {
    const act = async <T>(work: () => Promise<T>): Promise<ActionResult<T>> => {
      try {
        return { ok: true, value: await work() }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    }
    return {
      knowledgeStatus: null,
      knowledgeProgress: null,
      knowledgeError: null,
      async loadKnowledgeStatus() {
        lastRead = Date.now()
        try {
          set({ knowledgeStatus: await api.call('knowledge.status', {}), knowledgeError: null })
        } catch (error) {
          set({ knowledgeError: errorMessage(error) })
        }
      },
      saveEmbeddings: (input) =>
        act(async () => {
          set({ knowledgeStatus: await api.call('knowledge.setEmbeddings', input) })
        }),
      testEmbeddings: (input) => act(() => api.call('knowledge.testEmbeddings', input)),
      rebuildKnowledge: () =>
        act(async () => {
          set({ knowledgeStatus: await api.call('knowledge.reindex', {}) })
        }),
      receiveKnowledgeProgress(progress) {
        set({ knowledgeProgress: progress.phase === 'idle' ? null : progress })
        // The counts behind the progress, read again now and then (and once when the work ends).
        if (
          get().knowledgeStatus !== null &&
          (progress.phase === 'idle' || Date.now() - lastRead > STATUS_EVERY_MS)
        )
          void get().loadKnowledgeStatus()
      }
    }
  }
}

export const selectKnowledge = (
  state: KnowledgeSlice
): Pick<KnowledgeSlice, 'knowledgeStatus' | 'knowledgeProgress' | 'knowledgeError'> => ({
  knowledgeStatus: state.knowledgeStatus,
  knowledgeProgress: state.knowledgeProgress,
  knowledgeError: state.knowledgeError
})
