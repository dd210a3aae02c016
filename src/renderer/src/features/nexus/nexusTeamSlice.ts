import type {
  NexusAckOwed,
  NexusAckStatus,
  NexusBindInput,
  NexusEntry,
  NexusMember,
  NexusTeamSettings,
  SessionId,
  TurnId
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'
import { sameSeqs } from './nexusConflictsSlice'

/** The Nexus as team state in the app: who owes which acknowledgement, the members, the settings. */
export interface NexusTeamSlice {
  /** Where the entries the lanes show stand: who has acknowledged them and who has not. */
  readonly nexusAcks: readonly NexusAckStatus[]
  /** How many entries each member owes an acknowledgement for, across the whole log. */
  readonly nexusAcksOwed: readonly NexusAckOwed[]
  readonly nexusMembers: readonly NexusMember[]
  readonly nexusTeamSettings: NexusTeamSettings | null
  readonly nexusTeamError: string | null
  /** Reads the status of `seqs` (the entries on screen; the last ones asked for when omitted). */
  readonly loadNexusAcks: (seqs?: readonly number[]) => Promise<void>
  readonly dismissNexusAck: (member: string, seq: number) => Promise<ActionResult>
  /** Acks follow a burst of appends that could change them (decisions, handoffs, acks). */
  readonly noticeNexusAppendedForAcks: (entries: readonly NexusEntry[]) => void
  readonly loadNexusMembers: () => Promise<void>
  readonly bindNexusMember: (
    input: NexusBindInput
  ) => Promise<ActionResult<{ member: NexusMember; token: string | null }>>
  readonly revokeNexusMember: (name: string) => Promise<ActionResult>
  readonly loadNexusTeamSettings: () => Promise<void>
  readonly saveNexusTeamSettings: (patch: Partial<NexusTeamSettings>) => Promise<ActionResult>
  /** The user marks a finished turn meaningful: its entry (`created` false when it already had one). */
  readonly markNexusTurn: (
    sessionId: SessionId,
    turnId: TurnId
  ) => Promise<ActionResult<{ entry: NexusEntry; created: boolean }>>
}

const ACK_TYPES = new Set(['decision', 'handoff', 'ack'])
/** The contract's limit on entries asked about in one call. */
const ACKS_ASKED_AT_ONCE = 1000

function sameJson(shown: unknown, loaded: unknown): boolean {
  return JSON.stringify(shown) === JSON.stringify(loaded)
}

export function createNexusTeamSlice(api: ApiClient): SliceCreator<NexusTeamSlice> {
  let ackTimer: ReturnType<typeof setTimeout> | undefined
  // The entries the lanes asked about last (the newest ones when more are loaded than one call takes).
  let ackSeqs: readonly number[] = []
  let latestAcks = 0
  // Whether the acks shown answer `ackSeqs` as the team is now (binding or revoking a member changes who owes).
  let acksAnswered = false
  return (set, get) => {
    const attempt = async <T>(work: () => Promise<T>): Promise<ActionResult<T>> => {
      try {
        return { ok: true, value: await work() }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    }
    return {
      nexusAcks: [],
      nexusAcksOwed: [],
      nexusMembers: [],
      nexusTeamSettings: null,
      nexusTeamError: null,
      async loadNexusAcks(seqs) {
        if (seqs) {
          const asked = seqs.slice(-ACKS_ASKED_AT_ONCE)
          // The same entries asked again (the lanes opened again) while the Nexus lists are current:
          // every change since (an ack or decision appended, a reconnect) has reloaded them already.
          if (sameSeqs(asked, ackSeqs) && acksAnswered && get().nexusFreshTo !== null) return
          ackSeqs = asked
        }
        acksAnswered = false
        const request = ++latestAcks
        try {
          const status = await api.call('nexus.acks', { seqs: [...ackSeqs] })
          if (request !== latestAcks) return
          acksAnswered = true
          // An unchanged answer keeps the lists themselves, so the lanes' cards are not redrawn.
          const { nexusAcks, nexusAcksOwed } = get()
          set({
            nexusAcks: sameJson(nexusAcks, status.entries) ? nexusAcks : status.entries,
            nexusAcksOwed: sameJson(nexusAcksOwed, status.owed) ? nexusAcksOwed : status.owed,
            nexusTeamError: null
          })
        } catch (error) {
          set({ nexusTeamError: errorMessage(error) })
        }
      },
      async dismissNexusAck(member, seq) {
        const result = await attempt(() => api.call('nexus.acks.dismiss', { member, seq }))
        if (result.ok) await get().loadNexusAcks()
        return result.ok ? { ok: true, value: undefined } : result
      },
      noticeNexusAppendedForAcks(entries) {
        if (!entries.some((entry) => ACK_TYPES.has(entry.type))) return
        if (ackTimer !== undefined) clearTimeout(ackTimer)
        ackTimer = setTimeout(() => {
          ackTimer = undefined
          void get().loadNexusAcks()
        }, 300)
      },
      async loadNexusMembers() {
        try {
          set({ nexusMembers: (await api.call('nexus.members.list', {})).members, nexusTeamError: null })
        } catch (error) {
          set({ nexusTeamError: errorMessage(error) })
        }
      },
      async bindNexusMember(input) {
        const result = await attempt(() => api.call('nexus.members.bind', input))
        if (result.ok) acksAnswered = false
        if (result.ok) await get().loadNexusMembers()
        return result
      },
      async revokeNexusMember(name) {
        const result = await attempt(() => api.call('nexus.members.revoke', { name }))
        if (result.ok) acksAnswered = false
        if (result.ok) await get().loadNexusMembers()
        return result.ok ? { ok: true, value: undefined } : result
      },
      async loadNexusTeamSettings() {
        try {
          set({ nexusTeamSettings: await api.call('nexus.settings.get', {}), nexusTeamError: null })
        } catch (error) {
          set({ nexusTeamError: errorMessage(error) })
        }
      },
      async saveNexusTeamSettings(patch) {
        const result = await attempt(() => api.call('nexus.settings.update', patch))
        if (result.ok) acksAnswered = false
        if (result.ok) set({ nexusTeamSettings: result.value })
        return result.ok ? { ok: true, value: undefined } : result
      },
      markNexusTurn: (sessionId, turnId) => attempt(() => api.call('nexus.markTurn', { sessionId, turnId }))
    }
  }
}

export const selectNexusAcks = (state: AppState): readonly NexusAckStatus[] => state.nexusAcks
export const selectNexusAcksOwed = (state: AppState): readonly NexusAckOwed[] => state.nexusAcksOwed
export const selectNexusMembers = (state: AppState): readonly NexusMember[] => state.nexusMembers
