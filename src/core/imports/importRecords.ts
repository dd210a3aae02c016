import type { ImportProposalView, ImportRunView, McpServerDraft } from '../../shared/contract'
import { conflict, notFound } from '../errors'
import type { Db } from '../node/db/openDatabase'
import type { Clock } from '../ports/clock'
import { decideProposal, proposalDraft, proposalViews } from './importProposals'
import { importRuns } from './importRuns'

export interface ProposalDecision {
  readonly proposal: ImportProposalView
  /** The server entry added to the tools, when the proposal was accepted. */
  readonly server: McpServerDraft | null
}

/**
 * What imports left behind: the committed runs with their reports, and the MCP servers they
 * proposed, each waiting for the user's accept or dismiss.
 */
export class ImportRecords {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Adds an accepted server to the tools (it is not started until a tool of it is used). */
    private readonly addServer: (draft: McpServerDraft) => Promise<unknown>
  ) {}

  runs(): ImportRunView[] {
    return importRuns(this.db)
  }

  proposals(): ImportProposalView[] {
    return proposalViews(this.db)
  }

  async decide(id: number, decision: 'accept' | 'dismiss'): Promise<ProposalDecision> {
    const found = proposalDraft(this.db, id)
    if (!found) throw notFound(`No proposed server with id ${id}`)
    if (found.view.status !== 'pending') throw conflict(`That server was already ${found.view.status}`)
    if (decision === 'accept') await this.addServer(found.draft)
    decideProposal(this.db, id, decision === 'accept' ? 'accepted' : 'dismissed', this.clock.now())
    const after = proposalDraft(this.db, id)
    return { proposal: after?.view ?? found.view, server: decision === 'accept' ? found.draft : null }
  }
}
