import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { AgentId, SessionId } from '../../../shared/contract'
import { invalidInput } from '../../errors'
import type { YearHome } from './yearHome'
import { scaledYear } from './yearVolumes'

/** The file a kept year leaves beside its database, so the bench can measure it again. */
export const YEAR_RECORD = 'bench-year.json'

const YearRecord = z.object({
  seed: z.number().int().min(0),
  scale: z.number().gt(0).max(1),
  agentIds: z.array(AgentId).min(1),
  longest: z.object({ sessionId: SessionId, title: z.string(), messages: z.number().int().min(0) }),
  phases: z.array(z.object({ name: z.string(), ms: z.number(), cpuMs: z.number() })),
  buildMs: z.number(),
  buildCpuMs: z.number()
})

/** Writes what the bench needs to measure this year again without building it. */
export function writeYearRecord(year: YearHome): void {
  const { seed, scale, agentIds, longest, phases, buildMs, buildCpuMs } = year
  const record = { seed, scale, agentIds, longest, phases, buildMs, buildCpuMs }
  writeFileSync(join(year.home, YEAR_RECORD), `${JSON.stringify(record, null, 2)}\n`)
}

/**
 * The year kept in `home` by an earlier `--keep`, as it was built; refused, saying why, when the
 * folder holds no record of one or a record that does not read.
 */
export function readYearRecord(home: string): YearHome {
  const path = join(home, YEAR_RECORD)
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    throw invalidInput(`${home} holds no year kept by the bench (no ${YEAR_RECORD}); build one with --keep.`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw invalidInput(`${path} is not JSON; build the year again with --keep.`)
  }
  const record = YearRecord.safeParse(parsed)
  if (!record.success)
    throw invalidInput(
      `${path} does not describe a year (${record.error.issues[0]?.message ?? 'unreadable'}).`
    )
  return { home, volumes: scaledYear(record.data.scale), ...record.data }
}
