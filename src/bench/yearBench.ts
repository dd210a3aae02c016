import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createCore } from '../core/createCore'
import { UI_PLACE_FILE } from '../core/services/uiStateService'
import { buildYearHome, bytesUnder, type YearHome } from '../core/testing/year/yearHome'
import { readYearRecord, writeYearRecord } from '../core/testing/year/yearRecord'
import { yearStorageFigures } from './yearFigures'
import { yearTurnFigures } from './yearTurns'
import { yearUiFigures } from './yearUi'
import { yearSearchFigures } from './yearSearch'
import { reference, type BenchContext, type BenchFigure, type BenchSuite } from './benchTypes'

/**
 * What `hearth bench --year` was given: a year to build (its seed and scale, and a folder to keep
 * it in), or the folder of one an earlier `keep` left, to measure again without building.
 */
export type YearChoice =
  { readonly seed: number; readonly scale: number; readonly keep?: string } | { readonly reuse: string }

/** The year's rows as the services count them (not as the plan meant them). */
export function countYear(year: YearHome): { messages: number; facts: number; entries: number } {
  const core = createCore({ home: year.home, host: 'cli', env: {}, seams: { knowledgeBackground: false } })
  try {
    const { memory, nexus } = core.services
    const { chatStores } = core.internals
    const facts = core.internals.memory.facts
    const approved = year.agentIds.reduce(
      (sum, agentId) => sum + facts.list({ agentId, status: 'approved' }).length,
      0
    )
    return {
      messages: chatStores.sessions.countMessages(),
      facts: approved + memory.reviewCounts().pending,
      entries: nexus.list({ limit: 1 }).total
    }
  } finally {
    core.dispose()
  }
}

/** What building the year cost and what it holds: build time, size on disk, rows. */
export function yearVolumeFigures(year: YearHome): BenchFigure[] {
  const dbBytes =
    bytesUnder(year.home) - bytesUnder(join(year.home, 'agents')) - bytesUnder(join(year.home, 'skills'))
  const counted = countYear(year)
  return [
    reference('year.build_s', year.buildMs / 1000, 's', 'lower'),
    reference('year.build_cpu_s', year.buildCpuMs / 1000, 's', 'lower'),
    reference('year.home_mb', bytesUnder(year.home) / 1_000_000, 'MB', 'lower'),
    reference('year.db_mb', dbBytes / 1_000_000, 'MB', 'lower'),
    reference('year.messages', counted.messages, 'rows', 'higher'),
    reference('year.facts', counted.facts, 'rows', 'higher'),
    reference('year.nexus_entries', counted.entries, 'rows', 'higher'),
    ...yearStorageFigures(year, counted)
  ]
}

/**
 * The year to measure: one a `keep` left (`reuse`; its turns add to it, so a rerun measures a
 * slightly larger chat), or a new one, recorded for reuse when it is kept.
 */
function yearToMeasure(choice: YearChoice, ctx: BenchContext): YearHome {
  if ('reuse' in choice) {
    const year = readYearRecord(choice.reuse)
    // The place the last run's views left (the Inspector on the longest chat): a year as built has
    // none, and its start is measured on Chat.
    rmSync(join(choice.reuse, UI_PLACE_FILE), { force: true })
    ctx.log(`year: measuring the year kept in ${choice.reuse} again (seed ${year.seed}, scale ${year.scale})`)
    return year
  }
  const year = buildYearHome(choice.keep ?? join(ctx.tmpDir, 'year'), { ...choice, log: ctx.log })
  if (choice.keep !== undefined) {
    writeYearRecord(year)
    ctx.log(
      `year: kept in ${choice.keep} (hearth serve --home ${choice.keep}; --reuse ${choice.keep} measures it again)`
    )
  }
  return year
}

/**
 * `hearth bench --year [--seed N] [--scale X]`: a year in one home, generated through the core's
 * services, then measured as a person feels it. Run on its own, never as part of the default
 * bench: the whole year takes minutes to build.
 */
export function yearBench(choice: YearChoice): BenchSuite {
  return {
    name: 'year',
    async run(ctx: BenchContext): Promise<BenchFigure[]> {
      const year = yearToMeasure(choice, ctx)
      ctx.log(
        `year: seed ${year.seed}, scale ${year.scale}: ${year.phases.map((p) => `${p.name} ${Math.round(p.ms)} ms`).join(', ')}`
      )
      return [
        ...yearVolumeFigures(year),
        ...(await yearTurnFigures(ctx, year)),
        ...(await yearUiFigures(ctx, year)),
        ...(await yearSearchFigures(year, ctx.log))
      ]
    }
  }
}
