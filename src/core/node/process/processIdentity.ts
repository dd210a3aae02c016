import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'

/**
 * Who a process is, for the records it leaves behind (a streaming reply, a lock file, a claimed
 * piece of session-end work). A pid alone is not enough: after a crash the operating system may
 * give the same pid to an unrelated process, which would make a dead writer look alive forever.
 * The pid together with the process's start time names one process for the machine's lifetime.
 */
export interface ProcessStamp {
  readonly pid: number
  /** The kernel's start time of the process (opaque); null where the platform does not tell. */
  readonly startedAt: string | null
  readonly host: string
}

/**
 * The start time of a process, or null when it does not exist or the platform has no cheap way
 * to ask. On Linux this is field 22 of /proc/<pid>/stat (clock ticks since boot): a plain file
 * read, never a child process or a wait.
 */
export function processStartTime(pid: number): string | null {
  if (process.platform !== 'linux' || !Number.isInteger(pid) || pid <= 0) return null
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

let own: ProcessStamp | undefined

/** This process's stamp (computed once). */
export function ownStamp(): ProcessStamp {
  own ??= { pid: process.pid, startedAt: processStartTime(process.pid), host: hostname() }
  return own
}

/** True when a process with this id exists (signal 0 checks without touching it). */
export function isPidAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * True when the very process that wrote `stamp` still runs: its pid exists and, where the start
 * time was recorded and can be read, started at the same moment. A stamp from another machine
 * (a home on a shared drive) cannot be checked and counts as alive.
 */
export function isStampAlive(stamp: {
  readonly pid: number
  readonly startedAt: string | null
  readonly host?: string | null
}): boolean {
  if (stamp.host && stamp.host !== ownStamp().host) return true
  if (stamp.pid === process.pid) return stamp.startedAt === null || stamp.startedAt === ownStamp().startedAt
  if (!isPidAlive(stamp.pid)) return false
  if (stamp.startedAt === null) return true
  const current = processStartTime(stamp.pid)
  return current === null || current === stamp.startedAt
}
