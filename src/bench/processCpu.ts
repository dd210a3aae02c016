import { readdirSync, readFileSync } from 'node:fs'

/** /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 per second for user space. */
const MS_PER_TICK = 10

interface ProcStat {
  readonly ppid: number
  readonly cpuMs: number
}

/** One process's parent and CPU time so far (user + system), from /proc (Linux); null if unreadable. */
function procStat(pid: number | string): ProcStat | null {
  try {
    // Fields after the command's closing parenthesis (the command may hold spaces): the parent is
    // the 2nd, utime and stime the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    const ppid = Number(fields[1])
    return Number.isFinite(ticks) && Number.isFinite(ppid) ? { ppid, cpuMs: ticks * MS_PER_TICK } : null
  } catch {
    return null // not Linux, or the process is gone
  }
}

/** The CPU time a process has used so far (user + system), from /proc (Linux); null where there is none. */
export function cpuMs(pid: number | undefined): number | null {
  return pid === undefined ? null : (procStat(pid)?.cpuMs ?? null)
}

/**
 * The CPU time used so far by each process this one started, and theirs in turn (the browser the
 * bench launched: its zygotes, renderers, GPU and utility processes), by pid; null where /proc is
 * missing. A process that has exited is no longer listed.
 */
export function childrenCpu(root: number = process.pid): Map<number, number> | null {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  const children = new Map<number, number[]>()
  const cpu = new Map<number, number>()
  for (const pid of pids) {
    const stat = procStat(pid)
    if (stat === null) continue
    cpu.set(Number(pid), stat.cpuMs)
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(pid)])
  }
  const found = new Map<number, number>()
  const pending = [...(children.get(root) ?? [])]
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    found.set(pid, cpu.get(pid) ?? 0)
    pending.push(...(children.get(pid) ?? []))
  }
  return found
}

/**
 * The CPU used between two readings of `childrenCpu`: by the processes in both, and all of a new
 * one's. What a process used after the first reading and before it exited is not seen.
 */
export function cpuBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let used = 0
  for (const [pid, ms] of after) used += Math.max(0, ms - (before.get(pid) ?? 0))
  return used
}
