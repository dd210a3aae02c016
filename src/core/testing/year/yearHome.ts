import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { AgentId, SessionId } from '../../../shared/contract'
import { createCore } from '../../createCore'
import { writeYearChats } from './yearChats'
import { writeYearFacts, writeYearMemoryFiles } from './yearMemory'
import { writeYearNexus, writeYearSkills } from './yearNexus'
import { scaledYear, YearRandom, type YearVolumes } from './yearVolumes'

const AGENT_NAMES = ['Atlas', 'Juniper', 'Quill', 'Harbor', 'Sable', 'Wren']

export interface YearOptions {
  readonly seed: number
  /** 1 for the whole year; tests use a small fraction. */
  readonly scale: number
  /** Progress lines for a person watching (the bench prints them on stderr). */
  readonly log?: (line: string) => void
}

/** What a generated year holds, and where its longest chat is. */
export interface YearHome {
  readonly home: string
  readonly seed: number
  readonly scale: number
  readonly volumes: YearVolumes
  readonly agentIds: readonly AgentId[]
  readonly longest: { readonly sessionId: SessionId; readonly title: string; readonly messages: number }
  /**
   * Per phase of the build, in order: milliseconds on the clock, and of this process's CPU time
   * (on a machine others share, the CPU time is the steadier figure).
   */
  readonly phases: readonly { readonly name: string; readonly ms: number; readonly cpuMs: number }[]
  readonly buildMs: number
  readonly buildCpuMs: number
}

/** Bytes of every file under a folder. */
export function bytesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name)
    return sum + (entry.isDirectory() ? bytesUnder(path) : entry.isFile() ? statSync(path).size : 0)
  }, 0)
}

/**
 * Builds a year in `home` through the core's own services: agents, chats with their calls, the
 * memory bank and review inbox, memory files, skills, the Nexus with the project state's versions,
 * and the knowledge index over all of it. Seeded: the same seed and scale write the same rows and
 * texts (append times and the home's device id are the run's own).
 */
export function buildYearHome(home: string, options: YearOptions): YearHome {
  const volumes = scaledYear(options.scale)
  const random = new YearRandom(options.seed)
  const log = options.log ?? (() => undefined)
  const core = createCore({ home, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
  const phases: { name: string; ms: number; cpuMs: number }[] = []
  const phase = <T>(name: string, work: () => T): T => {
    const started = performance.now()
    const cpu = process.cpuUsage()
    const result = work()
    const used = process.cpuUsage(cpu)
    const ms = performance.now() - started
    phases.push({ name, ms, cpuMs: (used.user + used.system) / 1000 })
    log(
      `year: ${name} done in ${Math.round(ms)} ms (${Math.round((used.user + used.system) / 1000)} ms of CPU)`
    )
    return result
  }
  const every = (label: string, total: number) => (done: number) =>
    log(`year: ${label} ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`)
  try {
    const s = core.services
    const agentIds = phase('agents', () =>
      AGENT_NAMES.slice(0, volumes.agents).map((name) => s.agents.create(name).id)
    )
    const chats = phase('chats', () =>
      writeYearChats(
        core.internals.db,
        core.internals.chatStores,
        random,
        volumes,
        agentIds,
        every('messages', volumes.messages)
      )
    )
    const factTotal = volumes.facts + volumes.candidates
    phase('facts', () =>
      writeYearFacts(
        core.internals.db,
        core.internals.memory.facts,
        random,
        volumes,
        agentIds,
        chats.sessionIds,
        every('facts', factTotal)
      )
    )
    phase('memory files', () => writeYearMemoryFiles(s.paths, random, volumes, agentIds))
    phase('skills', () => writeYearSkills(s.skills, random, volumes))
    phase('nexus', () =>
      writeYearNexus(s.nexus, random, volumes, agentIds, every('entries', volumes.nexusEntries))
    )
    const indexed = (done: number): void => {
      if (done % 10_000 < 200) log(`year: indexed ${done.toLocaleString('en')} records`)
    }
    phase('knowledge index', () => s.knowledge.indexPending(indexed))
    const buildMs = phases.reduce((sum, p) => sum + p.ms, 0)
    const buildCpuMs = phases.reduce((sum, p) => sum + p.cpuMs, 0)
    return {
      home,
      seed: options.seed,
      scale: options.scale,
      volumes,
      agentIds,
      longest: chats.longest,
      phases,
      buildMs,
      buildCpuMs
    }
  } finally {
    core.dispose()
  }
}
