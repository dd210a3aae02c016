import { z } from 'zod'
import { NexusAuthor, NexusChannel, NexusEntryType, type NexusEntry } from '../../../shared/contract/nexus'
import { entryId, GENESIS_HASH, sha256Hex, sortedIds } from '../nexusHash'

/**
 * One device's share of the Nexus as it travels through a git remote: `nexus/devices/<id>.jsonl`,
 * one entry per line in the device's own order (origin_seq 1, 2, 3…), each line chained to the
 * one before it. Only the device itself appends to its file, so two devices never edit the same
 * file and a git merge can never conflict; every other device verifies the whole file before it
 * takes anything from it.
 */
export const DEVICE_LOG_DIR = 'nexus/devices'

/** Tags the line hash, so a line of another format (or another purpose) can never pass for one. */
const LINE_FORMAT = 'hearth-nexus-device/1'

/** Device ids are the random UUIDs homes make for themselves; nothing else is read from a remote. */
const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export function isDeviceId(value: string): boolean {
  return DEVICE_ID.test(value)
}

/** The file of a device, relative to the repository's root. */
export function deviceLogPath(device: string): string {
  return `${DEVICE_LOG_DIR}/${device}.jsonl`
}

/** The device's name file beside its log (informational: a device names itself). */
export function deviceInfoPath(device: string): string {
  return `${DEVICE_LOG_DIR}/${device}.json`
}

/** One line: everything an entry's id covers, the id itself, and the link to the line before. */
export const DeviceLine = z.strictObject({
  originSeq: z.number().int().positive(),
  authoredAt: z.number().int().min(0),
  agent: NexusAuthor,
  channel: NexusChannel,
  type: NexusEntryType,
  summary: z.string().min(1).max(200),
  body: z.string().max(20_000).nullable(),
  rationale: z.string().max(4_000).nullable(),
  refIds: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(50),
  id: z.string().regex(/^[0-9a-f]{64}$/),
  prev: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/)
})
export type DeviceLine = z.infer<typeof DeviceLine>

export const DeviceInfo = z.object({
  id: z.string(),
  name: z.string().max(200),
  createdAt: z.number().int().min(0)
})
export type DeviceInfo = z.infer<typeof DeviceInfo>

/** An entry as another home first wrote it, ready to be appended here with its id unchanged. */
export interface ForeignEntry {
  readonly id: string
  readonly origin: string
  readonly originSeq: number
  readonly authoredAt: number
  readonly agent: string
  readonly channel: string
  readonly type: NexusEntryType
  readonly summary: string
  readonly body: string | null
  readonly rationale: string | null
  readonly refIds: readonly string[]
}

/** The line hash: the format, the device, its place, the entry's id (which covers the content) and the link. */
function lineHash(device: string, originSeq: number, id: string, prev: string): string {
  return sha256Hex(JSON.stringify([LINE_FORMAT, device, originSeq, id, prev]))
}

/** What a line says about its entry, as this home writes it. */
export function toDeviceLine(entry: NexusEntry, prev: string): DeviceLine {
  const line = {
    originSeq: entry.originSeq,
    authoredAt: entry.originalTs ?? entry.ts,
    agent: entry.agent,
    channel: entry.channel,
    type: entry.type,
    summary: entry.summary,
    body: entry.body,
    rationale: entry.rationale,
    refIds: sortedIds(entry.refIds),
    id: entry.id,
    prev
  }
  return { ...line, hash: lineHash(entry.origin, entry.originSeq, entry.id, prev) }
}

/** The text of one line in the file (no newline). Keys in one fixed order, so files diff cleanly. */
export function lineText(line: DeviceLine): string {
  return JSON.stringify(DeviceLine.parse(line))
}

export interface ParsedDeviceLog {
  readonly device: string
  /** The lines that verified, in order; all of them when `problem` is null. */
  readonly entries: readonly ForeignEntry[]
  /** The hash of the last verified line (the genesis hash for an empty file). */
  readonly tailHash: string
  /** Why the file cannot be trusted (the first bad line named); null when every line verifies. */
  readonly problem: string | null
}

/**
 * Reads and verifies a device's whole file: every line parses, numbers its entry one after the
 * previous, links to the previous line's hash, carries the hash of its own place, and names an id
 * that matches its content. The first line that fails stops the walk and names the problem.
 */
export function parseDeviceLog(device: string, text: string): ParsedDeviceLog {
  const entries: ForeignEntry[] = []
  let prev = GENESIS_HASH
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  for (const [index, raw] of lines.entries()) {
    const problem = lineProblem(device, raw, entries.length + 1, prev)
    if (typeof problem === 'string')
      return { device, entries, tailHash: prev, problem: `line ${index + 1}: ${problem}` }
    entries.push(problem.entry)
    prev = problem.hash
  }
  return { device, entries, tailHash: prev, problem: null }
}

function lineProblem(
  device: string,
  raw: string,
  expectedSeq: number,
  prev: string
): { entry: ForeignEntry; hash: string } | string {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return 'not valid JSON'
  }
  const parsed = DeviceLine.safeParse(value)
  if (!parsed.success) return `not a Nexus entry (${parsed.error.issues[0]?.message ?? 'invalid'})`
  const line = parsed.data
  if (line.originSeq !== expectedSeq)
    return `numbered ${line.originSeq} where ${expectedSeq} was expected: an entry was removed or inserted`
  if (line.prev !== prev) return 'it does not link to the line before it: the chain was broken'
  if (lineHash(device, line.originSeq, line.id, line.prev) !== line.hash)
    return 'its hash does not match: the line was changed'
  const entry: ForeignEntry = {
    id: line.id,
    origin: device,
    originSeq: line.originSeq,
    authoredAt: line.authoredAt,
    agent: line.agent,
    channel: line.channel,
    type: line.type,
    summary: line.summary,
    body: line.body,
    rationale: line.rationale,
    refIds: sortedIds(line.refIds)
  }
  if (entryId({ ...entry, refIds: [...entry.refIds] }) !== line.id)
    return 'its content does not match its id: the entry was changed'
  return { entry, hash: line.hash }
}
