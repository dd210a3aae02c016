import type {
  AgentId,
  BackupCounts,
  ImportProgress,
  ImportProposalView,
  ImportReport,
  ImportRunView,
  ImportSource,
  SessionCursor,
  SessionId,
  SessionSummary
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, SliceCreator } from '../../store/types'
import { downloadText } from '../chats/download'

/** Where the Import wizard stands: choosing, looking at the preview, importing, or done. */
export type ImportStep = 'choose' | 'preview' | 'running' | 'done'

export interface ImportDraft {
  readonly source: ImportSource
  /** Empty: the source's default home (Hermes, OpenClaw). */
  readonly path: string
  /** null: a new agent. */
  readonly agentId: AgentId | null
  readonly replaceSoul: boolean
}

/**
 * The Import wizard (pick a source and a path, preview what it brings and what it leaves out,
 * import with progress, then Review filtered to it), the retention pass over chosen imported
 * chats, and an agent's export as a download.
 */
export interface ImportsSlice {
  readonly importStep: ImportStep
  readonly importDraft: ImportDraft
  readonly importPreview: ImportReport | null
  readonly importReport: ImportReport | null
  readonly importProgress: ImportProgress | null
  readonly importError: string | null
  /** Every import this home has run (null until loaded), so Review can name the one a candidate came from. */
  readonly importRuns: readonly ImportRunView[] | null
  readonly loadImportRuns: () => Promise<void>
  readonly setImportDraft: (patch: Partial<ImportDraft>) => void
  readonly previewImport: () => Promise<void>
  readonly runImport: () => Promise<void>
  readonly resetImport: () => void
  readonly receiveImportProgress: (progress: ImportProgress) => void
  readonly decideImportProposal: (id: number, decision: 'accept' | 'dismiss') => Promise<ActionResult>
  /** The agent's imported chats, newest first: what the retention pass can be run over. */
  readonly loadImportedChats: (agentId: AgentId) => Promise<ActionResult<SessionSummary[]>>
  readonly retainImported: (
    sessionIds: readonly SessionId[]
  ) => Promise<ActionResult<{ candidates: number; sessions: number }>>
  readonly exportAgent: (agentId: AgentId, withSessions: boolean) => Promise<ActionResult<BackupCounts>>
}

const FIRST_DRAFT: ImportDraft = { source: 'hermes', path: '', agentId: null, replaceSoul: false }

function requestOf(draft: ImportDraft): {
  source: ImportSource
  path?: string
  agentId?: AgentId
  replaceSoul: boolean
} {
  const path = draft.path.trim()
  return {
    source: draft.source,
    ...(path !== '' ? { path } : {}),
    ...(draft.agentId !== null ? { agentId: draft.agentId } : {}),
    replaceSoul: draft.replaceSoul
  }
}

async function attempt<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    return { ok: false, message: errorMessage(error) }
  }
}

function withProposal(report: ImportReport | null, proposal: ImportProposalView): ImportReport | null {
  if (report === null) return null
  return { ...report, proposals: report.proposals.map((p) => (p.id === proposal.id ? proposal : p)) }
}

export function createImportsSlice(api: ApiClient): SliceCreator<ImportsSlice> {
  return (set, get) => ({
    importStep: 'choose',
    importDraft: FIRST_DRAFT,
    importPreview: null,
    importReport: null,
    importProgress: null,
    importError: null,
    importRuns: null,
    async loadImportRuns() {
      try {
        set({ importRuns: (await api.call('imports.list', {})).runs })
      } catch {
        // Only the names on Review's import chips depend on it; they say "imported" until a reload works.
      }
    },
    setImportDraft(patch) {
      const changesWhat = Object.keys(patch).some((key) => key !== 'replaceSoul')
      set((state) => ({
        importDraft: { ...state.importDraft, ...patch },
        // A preview describes one request; a different source, path or agent needs a new one.
        ...(changesWhat ? { importStep: 'choose' as const, importPreview: null } : {}),
        importError: null
      }))
    },
    async previewImport() {
      set({ importError: null, importProgress: null, importStep: 'running' })
      try {
        const preview = await api.call('imports.preview', requestOf(get().importDraft))
        set({ importPreview: preview, importStep: 'preview' })
      } catch (error) {
        set({ importError: errorMessage(error), importStep: 'choose' })
      }
    },
    async runImport() {
      set({ importError: null, importProgress: null, importStep: 'running' })
      try {
        const report = await api.call('imports.run', requestOf(get().importDraft))
        set({ importReport: report, importStep: 'done' })
        void get().loadImportRuns()
        const candidates = report.counts.candidate?.new ?? 0
        if (report.importId !== null && candidates > 0) {
          get().showReviewForImport(report.importId)
          get().navigate('review')
        }
      } catch (error) {
        set({ importError: errorMessage(error), importStep: 'preview' })
      }
    },
    resetImport() {
      set({
        importStep: 'choose',
        importDraft: FIRST_DRAFT,
        importPreview: null,
        importReport: null,
        importProgress: null,
        importError: null
      })
    },
    receiveImportProgress(progress) {
      if (get().importStep === 'running') set({ importProgress: progress })
    },
    decideImportProposal: (id, decision) =>
      attempt(async () => {
        const { proposal } = await api.call('imports.decideProposal', { id, decision })
        set((state) => ({ importReport: withProposal(state.importReport, proposal) }))
      }),
    loadImportedChats: (agentId) => attempt(async () => importedChats(api, agentId)),
    retainImported: (sessionIds) =>
      attempt(async () => api.call('imports.retain', { sessionIds: [...sessionIds] })),
    exportAgent: (agentId, withSessions) =>
      attempt(async () => {
        const file = await api.call('exports.agent', { agentId, withSessions })
        downloadText(file)
        return file.counts
      })
  })
}

/** Every imported chat of the agent, filtered by the core and read page by page to the end. */
async function importedChats(api: ApiClient, agentId: AgentId): Promise<SessionSummary[]> {
  const chats: SessionSummary[] = []
  let after: SessionCursor | undefined
  do {
    const page = await api.call('sessions.list', {
      agentId,
      imported: true,
      limit: 500,
      ...(after ? { after } : {})
    })
    chats.push(...page.items)
    after = page.next ?? undefined
  } while (after !== undefined)
  return chats
}
