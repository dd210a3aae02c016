import { createHash } from 'node:crypto'
import type { AgentId, TrustableFile } from '../../shared/contract'
import { trustUnits, type TrustedTexts } from '../domain/prompt/trust'
import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'
import { writeTransaction } from '../node/db/writeTransaction'
import type { Clock } from '../ports/clock'

/** What the prompt and the Files view ask: which parts of the user's files the user trusted. */
export interface TrustLookup {
  /**
   * Of the texts of SOUL.md, MEMORY.md and USER.md (as the prompt reads them), the pieces the user
   * trusted. `agentId` null: only USER.md is asked about.
   */
  trustedTexts(agentId: AgentId | null, texts: Partial<Record<TrustableFile, string | null>>): TrustedTexts
}

/**
 * The `trusted_texts` table: hashes of the user's own words they vouched for (SOUL.md whole, or
 * one memory entry), per agent and file. Only hashes are kept, so a text is trusted exactly as
 * it was when the user looked at it, never a later version of it.
 */
export class TrustStore implements TrustLookup {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock
  ) {}

  trustedTexts(agentId: AgentId | null, texts: Partial<Record<TrustableFile, string | null>>): TrustedTexts {
    return {
      soul: this.trusted(agentId, 'soul', texts.soul ?? null),
      memory: this.trusted(agentId, 'memory', texts.memory ?? null),
      user: this.trusted(agentId, 'user', texts.user ?? null)
    }
  }

  /** Records the pieces as trusted; pieces already on record keep their first date. */
  trust(agentId: AgentId | null, file: TrustableFile, pieces: readonly string[]): void {
    const insert = this.db.prepare(
      'INSERT OR IGNORE INTO trusted_texts (agent_id, file, hash, trusted_at) VALUES (?, ?, ?, ?)'
    )
    const now = this.clock.now()
    writeTransaction(this.db, () => {
      for (const piece of pieces) insert.run(ownerOf(agentId, file), file, textHash(piece), now)
    })()
  }

  private trusted(agentId: AgentId | null, file: TrustableFile, text: string | null): ReadonlySet<string> {
    const units = text === null || (agentId === null && file !== 'user') ? [] : trustUnits(file, text)
    if (units.length === 0) return new Set()
    const rows = this.db
      .prepare('SELECT hash FROM trusted_texts WHERE agent_id = ? AND file = ?')
      .all(ownerOf(agentId, file), file)
    const hashes = new Set(readRows(rows, 'trusted_texts', (row) => row.text('hash')))
    if (hashes.size === 0) return new Set()
    return new Set(units.filter((unit) => hashes.has(textHash(unit))))
  }
}

/** USER.md is one file for every agent: its trust is too. */
function ownerOf(agentId: AgentId | null, file: TrustableFile): string {
  return file === 'user' || agentId === null ? '' : agentId
}

export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}
