import { existsSync, readdirSync, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { AgentId, sameAgentName, type Agent } from '../../shared/contract'
import { ownId } from '../domain/ids'
import { conflict, invalidInput, notFound } from '../errors'
import type { EventHub } from '../events'
import { writeFileAtomic } from '../home/atomicWrite'
import { defaultSoul } from '../home/defaultTexts'
import type { HomePaths } from '../home/homePaths'
import type { Db } from '../node/db/openDatabase'
import { readOptionalRow, readRows, type RowReader } from '../node/db/rowReader'
import type { Clock } from '../ports/clock'
import { mkdirPrivate } from '../home/privateFiles'
import { writeTransaction } from '../node/db/writeTransaction'

/** Agents are a folder under agents/ plus a row; this service keeps the two in step. */
export class AgentService {
  constructor(
    private readonly db: Db,
    private readonly paths: HomePaths,
    private readonly clock: Clock,
    private readonly events: EventHub
  ) {}

  /** Lists agents; a folder the user created by hand (with a valid id) is adopted as an agent. */
  list(): Agent[] {
    this.adoptOrphanFolders()
    const rows = this.db
      .prepare('SELECT id, name, created_at FROM agents WHERE deleted_at IS NULL ORDER BY created_at, id')
      .all()
    return readRows(rows, 'agents', fromRow)
  }

  get(id: AgentId): Agent {
    const row = this.db
      .prepare('SELECT id, name, created_at FROM agents WHERE id = ? AND deleted_at IS NULL')
      .get(id)
    const agent = readOptionalRow(row, 'agents', fromRow)
    if (!agent) throw notFound(`No agent with id "${id}". Run \`hearth agents list\` to see the agents.`)
    return agent
  }

  /**
   * `requestedId` was parsed by its schema; without one the id is a free slug of the name. The
   * checks and the insert hold the write lock together, so two processes creating the same agent
   * at once get one agent and one clear refusal.
   */
  create(rawName: string, requestedId?: AgentId): Agent {
    const id = writeTransaction(this.db, () => {
      const id = requestedId ?? this.uniqueSlug(rawName.trim())
      const existing = readOptionalRow(
        this.db.prepare('SELECT deleted_at FROM agents WHERE id = ?').get(id),
        'agents',
        (row) => ({ deletedAt: row.intOrNull('deleted_at') })
      )
      if (existing && existing.deletedAt === null) throw conflict(`An agent with id "${id}" already exists`)
      const name = this.checkName(rawName, null)
      if (existing) this.db.prepare('DELETE FROM agents WHERE id = ?').run(id)
      this.seedFolder(id, name)
      this.db
        .prepare('INSERT INTO agents (id, name, created_at) VALUES (?, ?, ?)')
        .run(id, name, this.clock.now())
      return id
    })()
    this.announce()
    return this.get(id)
  }

  /** The first agent, or a new one named `name` when there is none; one agent however many processes ask at once. */
  firstOrCreate(name: string): Agent {
    const first = this.list()[0]
    if (first) return first
    return writeTransaction(this.db, () => this.list()[0] ?? this.create(name))()
  }

  rename(id: AgentId, rawName: string): Agent {
    this.get(id)
    const name = this.checkName(rawName, id)
    this.db.prepare('UPDATE agents SET name = ? WHERE id = ?').run(name, id)
    this.announce()
    return this.get(id)
  }

  /** Deleting keeps the files: the folder moves to .trash/ with a timestamp, so nothing is lost. */
  delete(id: AgentId): void {
    this.get(id)
    const dir = this.paths.agentDir(id)
    if (existsSync(dir)) {
      mkdirPrivate(this.paths.trash)
      renameSync(dir, join(this.paths.trash, `agent-${id}-${this.clock.now()}`))
    }
    this.db.prepare('UPDATE agents SET deleted_at = ? WHERE id = ?').run(this.clock.now(), id)
    this.announce()
  }

  /**
   * The trimmed name, refused when empty, too long, or already the display name of another
   * agent: the sidebar, Review and the Nexus tell agents apart by name, so two "Research"
   * agents would be indistinguishable. Case, spacing and Unicode compatibility forms count as
   * the same name ("research", " Research ", "Ｒesearch").
   */
  private checkName(rawName: string, renaming: AgentId | null): string {
    const name = rawName.trim()
    if (name === '' || name.length > 80) throw invalidInput('An agent needs a name of 1–80 characters')
    const taken = this.list().find((agent) => agent.id !== renaming && sameAgentName(agent.name, name))
    if (taken) {
      throw conflict(
        `An agent named "${taken.name}" already exists (id ${taken.id}). Pick another name, or rename that agent first.`
      )
    }
    return name
  }

  private seedFolder(id: AgentId, name: string): void {
    mkdirPrivate(this.paths.memoriesDir(id))
    if (!existsSync(this.paths.soul(id))) writeFileAtomic(this.paths.soul(id), defaultSoul(name))
    if (!existsSync(this.paths.memory(id))) writeFileAtomic(this.paths.memory(id), '')
  }

  /** A slug of the name, free among live agents; valid by construction (a checked-shape id the core made). */
  uniqueSlug(name: string): AgentId {
    const base =
      name
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 48) || 'agent'
    let candidate = base
    for (
      let n = 2;
      this.db.prepare('SELECT 1 FROM agents WHERE id = ? AND deleted_at IS NULL').get(candidate);
      n++
    ) {
      candidate = `${base}-${n}`
    }
    return ownId.agent(candidate)
  }

  private adoptOrphanFolders(): void {
    if (!existsSync(this.paths.agents)) return
    for (const entry of readdirSync(this.paths.agents)) {
      // A folder name is outside input: only one that parses as an agent id is adopted.
      const id = AgentId.safeParse(entry)
      if (!id.success || !statSync(join(this.paths.agents, entry)).isDirectory()) continue
      const row = this.db.prepare('SELECT deleted_at FROM agents WHERE id = ?').get(id.data)
      if (row) continue
      // Another process listing agents at the same moment may adopt it first: one row either way.
      this.db
        .prepare('INSERT INTO agents (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING')
        .run(id.data, this.freeName(id.data), this.clock.now())
    }
  }

  /** `base`, or `base 2`, `base 3`… when another live agent already shows that name. */
  private freeName(base: string): string {
    const rows = this.db.prepare('SELECT name FROM agents WHERE deleted_at IS NULL').all()
    const names = readRows(rows, 'agents', (row) => row.text('name'))
    let candidate = base
    for (let n = 2; names.some((name) => sameAgentName(name, candidate)); n++) candidate = `${base} ${n}`
    return candidate
  }

  private announce(): void {
    this.events.emit('agents.changed', { agents: this.list() })
  }
}

function fromRow(row: RowReader): Agent {
  return { id: row.agentId('id'), name: row.text('name'), createdAtMs: row.int('created_at') }
}
