import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type {
  AgentId,
  ImportProgress,
  ImportReport,
  ImportRequest,
  ImportSource,
  PersonaAction
} from '../../shared/contract'
import { ImportRequest as RequestSchema } from '../../shared/contract'
import { HearthError, invalidInput } from '../errors'
import type { EventHub } from '../events'
import { defaultSoul } from '../home/defaultTexts'
import type { HomePaths } from '../home/homePaths'
import type { FactStore } from '../memory/factStore'
import type { Db } from '../node/db/openDatabase'
import type { Clock } from '../ports/clock'
import type { Logger } from '../ports/logger'
import type { AgentService } from '../services/agentService'
import { collect, sourceLabel, type Collection } from './importCollect'
import { progressEvent } from './importProgressEvent'
import { proposalViews } from './importProposals'
import { ImportStaging } from './importStaging'
import { ImportFileError, type ImportMeasure, type ImportSourceReader } from './importTypes'
import { newImportId, writeImport } from './importWrite'

export interface ImportDeps {
  readonly db: Db
  readonly paths: HomePaths
  readonly clock: Clock
  readonly events: EventHub
  readonly log: Logger
  readonly agents: AgentService
  readonly facts: FactStore
  readonly readers: Readonly<Record<ImportSource, ImportSourceReader>>
}

interface Plan {
  readonly agent: { id: AgentId; name: string; created: boolean }
  readonly persona: { action: PersonaAction; file: string | null; message: string }
}

/**
 * `hearth import` and the Import wizard: reads another runtime's home or an export (phase one,
 * streamed into a staging file), then writes it in one transaction (phase two). A preview stops
 * after phase one. Imported memory only ever becomes candidates in Review.
 */
export class ImportService {
  constructor(private readonly deps: ImportDeps) {}

  preview(request: ImportRequest): Promise<ImportReport> {
    return this.perform(RequestSchema.parse(request), true)
  }

  run(request: ImportRequest): Promise<ImportReport> {
    return this.perform(RequestSchema.parse(request), false)
  }

  private async perform(
    request: ReturnType<typeof RequestSchema.parse>,
    dryRun: boolean
  ): Promise<ImportReport> {
    const { deps } = this
    const reader = deps.readers[request.source]
    const path = resolve(request.path ?? reader.defaultPath(deps.paths.root))
    const started = deps.clock.now()
    const staging = ImportStaging.open(deps.paths.root)
    try {
      const { collection, measure } = await this.read(reader, path, staging)
      this.leaveOutClashingSkills(collection)
      const plan = this.plan(
        { ...request, agentId: request.agentId ?? this.previousAgent(request.source, path) ?? undefined },
        collection
      )
      const finish = (importId: string | null): ImportReport =>
        this.report(request.source, path, dryRun, plan, collection, importId, started)
      if (dryRun || this.nothingNew(collection, plan)) return finish(null)
      const agent = plan.agent.created ? deps.agents.create(plan.agent.name).id : plan.agent.id
      const placed = { ...plan, agent: { ...plan.agent, id: agent } }
      const importId = newImportId()
      const report = (id: string): ImportReport =>
        this.report(request.source, path, false, placed, collection, id, started)
      this.progress(request.source, measure, 'writing', collection.itemsRead, measure.total)
      try {
        writeImport(
          deps.db,
          deps.facts,
          deps.paths,
          {
            importId,
            source: request.source,
            path,
            agentId: agent,
            startedAtMs: started,
            nowMs: deps.clock.now(),
            writeSoul: plan.persona.action === 'write' || plan.persona.action === 'replace'
          },
          collection,
          staging,
          report
        )
      } catch (error) {
        if (plan.agent.created) deps.agents.delete(agent)
        throw error
      }
      this.progress(request.source, measure, 'done', collection.itemsRead, measure.total)
      if (collection.candidates.length > 0)
        deps.events.emit('review.changed', {
          agentId: agent,
          pending: deps.facts.pendingCounts()[agent] ?? 0
        })
      deps.log.info('import committed', { importId, source: request.source, items: collection.itemsRead })
      return report(importId)
    } finally {
      staging.dispose()
    }
  }

  /** Measures the source (the total progress counts against), then reads it. */
  private async read(
    reader: ImportSourceReader,
    path: string,
    staging: ImportStaging
  ): Promise<{ collection: Collection; measure: ImportMeasure }> {
    try {
      const measure = await reader.measure(path)
      this.progress(reader.source, measure, 'reading', 0, 0)
      const collection = await collect(reader, path, this.deps.db, staging, (items, done) =>
        this.progress(reader.source, measure, 'reading', items, done)
      )
      return { collection, measure }
    } catch (error) {
      if (error instanceof ImportFileError) {
        const where =
          error.line !== null && !error.message.includes(`line ${error.line}`) ? ` (line ${error.line})` : ''
        throw invalidInput(`Nothing was imported. ${error.message}${where}`)
      }
      if (error instanceof HearthError) throw error
      throw invalidInput(`Nothing was imported. Reading ${path} failed: ${(error as Error).message}`)
    }
  }

  private progress(
    source: ImportSource,
    measure: ImportMeasure,
    phase: ImportProgress['phase'],
    items: number,
    done: number
  ): void {
    this.deps.events.emit('imports.progress', progressEvent(source, measure, phase, items, done))
  }

  /** A skill whose folder already holds a different skill is never overwritten: it is reported instead. */
  private leaveOutClashingSkills(collection: Collection): void {
    const keep = collection.skills.filter(({ item }) => {
      const skillFile = join(this.deps.paths.skills, ...item.path.split('/'), 'SKILL.md')
      if (!existsSync(skillFile)) return true
      collection.counts.skill.new -= 1
      const same = readFileSync(skillFile).equals(
        item.files.find((f) => f.rel === 'SKILL.md')?.bytes ?? Buffer.alloc(0)
      )
      if (same) collection.counts.skill.existing += 1
      else {
        collection.counts.skill.skipped += 1
        collection.skipped.push({
          kind: 'skill',
          ref: item.ref,
          reason: `a different skill is already at skills/${item.path}; it was not overwritten`
        })
      }
      return false
    })
    collection.skills.splice(0, collection.skills.length, ...keep)
  }

  private plan(request: ReturnType<typeof RequestSchema.parse>, collection: Collection): Plan {
    const persona = collection.persona
    const name = (persona?.item.name ?? null) || sourceLabel(request.source)
    const agent = request.agentId
      ? { id: request.agentId, name: this.deps.agents.get(request.agentId).name, created: false }
      : { id: this.deps.agents.uniqueSlug(name), name, created: true }
    return { agent, persona: this.personaPlan(agent, collection, request.replaceSoul) }
  }

  private personaPlan(agent: Plan['agent'], collection: Collection, replace: boolean): Plan['persona'] {
    const persona = collection.persona
    if (persona === null) {
      const existing = collection.counts.persona.existing > 0
      return {
        action: existing ? 'same' : 'none',
        file: null,
        message: existing ? 'SOUL.md was imported before.' : 'No persona file.'
      }
    }
    const file = persona.item.ref
    if (persona.findings.length > 0)
      return {
        action: 'blocked',
        file,
        message: `${file} was not used: the injection scanner matched ${persona.findings.join(', ')}.`
      }
    if (agent.created) return { action: 'write', file, message: `${file} becomes ${agent.name}'s SOUL.md.` }
    const current = existsSync(this.deps.paths.soul(agent.id))
      ? readFileSync(this.deps.paths.soul(agent.id), 'utf8')
      : ''
    if (current.trim() === persona.item.text.trim())
      return { action: 'same', file, message: `${agent.name}'s SOUL.md is already this one.` }
    if (current.trim() === '' || current === defaultSoul(agent.name))
      return {
        action: 'write',
        file,
        message: `${file} becomes ${agent.name}'s SOUL.md (it had the default one).`
      }
    if (replace)
      return {
        action: 'replace',
        file,
        message: `${file} replaces ${agent.name}'s SOUL.md (the old one is kept as SOUL.before-import.md).`
      }
    return {
      action: 'ask',
      file,
      message: `${agent.name} has a SOUL.md of their own, so ${file} was not used. Say yes to replacing it (--replace-soul) to use it.`
    }
  }

  private nothingNew(collection: Collection, plan: Plan): boolean {
    const added = Object.entries(collection.counts).some(([kind, c]) => kind !== 'message' && c.new > 0)
    return !added && plan.persona.action !== 'write' && plan.persona.action !== 'replace'
  }

  /** Running the same import again goes to the agent the first run made (if it is still there). */
  private previousAgent(source: ImportSource, path: string): AgentId | null {
    const row = this.deps.db
      .prepare(
        'SELECT agent_id FROM import_runs WHERE source = ? AND path = ? ORDER BY finished_at DESC LIMIT 1'
      )
      .pluck()
      .get(source, path)
    if (typeof row !== 'string') return null
    const live = this.deps.agents.list().find((agent) => agent.id === row)
    return live ? live.id : null
  }

  private report(
    source: ImportSource,
    path: string,
    dryRun: boolean,
    plan: Plan,
    collection: Collection,
    importId: string | null,
    started: number
  ): ImportReport {
    const durationMs = Math.max(0, this.deps.clock.now() - started)
    const counts = collection.counts
    const added = Object.entries(counts).reduce((sum, [kind, c]) => sum + (kind === 'message' ? 0 : c.new), 0)
    const nothingNew = added === 0 && !(plan.persona.action === 'write' || plan.persona.action === 'replace')
    return {
      importId,
      source,
      path,
      dryRun,
      agent: plan.agent,
      counts,
      skipped: collection.skipped,
      persona: plan.persona,
      proposals: importId === null ? [] : proposalViews(this.deps.db, importId),
      nothingNew,
      summary: summaryOf(source, dryRun, nothingNew, collection, plan),
      durationMs,
      itemsPerSecond:
        durationMs > 0 ? Math.round((collection.itemsRead / durationMs) * 1000) : collection.itemsRead
    }
  }
}

function summaryOf(
  source: ImportSource,
  dryRun: boolean,
  nothingNew: boolean,
  c: Collection,
  plan: Plan
): string {
  const label = sourceLabel(source)
  if (nothingNew) return `Nothing new from ${label}: every item was imported before (0 new items).`
  const n = c.counts
  const parts = [
    `${n.session.new} chat(s) with ${n.message.new} message(s)`,
    `${n.candidate.new} memory candidate(s) for Review`,
    `${n.skill.new} skill(s)`,
    `${n.mcp_server.new} MCP server(s) proposed`
  ]
  const verb = dryRun ? 'Would import' : 'Imported'
  return `${verb} from ${label} into ${plan.agent.name}: ${parts.join(', ')}.`
}
