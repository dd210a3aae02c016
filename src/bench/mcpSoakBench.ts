import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createCore } from '../core/createCore'
import { figure, percentile, reference, type BenchSuite } from './benchTypes'

const CLIENTS = 8
const CALLS_PER_VISIT = 4
const FULL_MS = 10 * 60_000
const QUICK_MS = 20_000
/** How often the host's resident memory is read. */
const SAMPLE_MS = 1_000

/** What the clients of a soak saw. */
interface SoakTally {
  visits: number
  calls: number
  errors: number
  readonly latencies: number[]
  readonly firstErrors: string[]
}

/**
 * A bounded soak of the MCP HTTP host: a real `hearth mcp --http` process, and `CLIENTS`
 * official SDK clients that connect, call Hearth's tools, and leave, over and over, for ten
 * minutes (20 s with --quick). Half leave with `close()` alone (no DELETE, as most runtimes do),
 * so the host must expire and reap their sessions; the rest end theirs. Measured: calls per
 * second, errors, p95 call latency, and how much the host's resident memory grew after warm-up
 * (read every second; the last quarter's median against the first quarter's).
 */
export const mcpSoakBench: BenchSuite = {
  name: 'mcp',
  async run(ctx) {
    const home = join(ctx.tmpDir, 'mcp-soak')
    const core = createCore({ home, host: 'cli' })
    core.services.agents.create('Ella')
    await core.recovery
    core.dispose()
    const host = await startHost(ctx.cliPath, home)
    try {
      const durationMs = ctx.quick ? QUICK_MS : FULL_MS
      ctx.log(`${CLIENTS} MCP clients for ${durationMs / 1000} s against hearth mcp --http…`)
      const tally: SoakTally = { visits: 0, calls: 0, errors: 0, latencies: [], firstErrors: [] }
      const warmUpMs = Math.min(5_000, durationMs / 4)
      const deadline = Date.now() + durationMs
      const samples = sampleResident(host.child.pid, warmUpMs)
      const started = performance.now()
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, index) => visitUntil(host, index, deadline, tally))
      )
      const seconds = (performance.now() - started) / 1000
      const rss = samples.stop()
      const rssEnd = residentKb(host.child.pid)
      const alive = host.child.exitCode === null && (await oneMoreVisit(host))
      for (const error of tally.firstErrors) ctx.log(`error: ${error}`)
      const growthMb = residentGrowthKb(rss) / 1024
      return [
        figure('mcp.soak_calls_per_s', tally.calls / seconds, 'calls/s', 20, 'higher'),
        figure('mcp.soak_errors', tally.errors, 'errors', 0, 'lower'),
        figure('mcp.soak_call_p95_ms', percentile(tally.latencies, 95), 'ms', 250, 'lower'),
        figure('mcp.soak_rss_growth_mb', growthMb, 'MB', ctx.quick ? 40 : 60, 'lower'),
        reference('mcp.soak_visits', tally.visits, 'clients', 'higher'),
        reference('mcp.soak_rss_end_mb', (rssEnd ?? NaN) / 1024, 'MB', 'lower'),
        reference('mcp.soak_rss_peak_mb', Math.max(...rss.map((sample) => sample.kb)) / 1024, 'MB', 'lower'),
        figure('mcp.soak_still_serving', alive ? 1 : 0, 'bool', 1, 'higher')
      ]
    } finally {
      host.child.kill('SIGTERM')
    }
  }
}

interface Host {
  readonly child: ChildProcess
  readonly url: string
  readonly token: string
}

/** Starts `hearth mcp --http` and reads the `{url, token}` line it prints first. */
async function startHost(cliPath: string, home: string): Promise<Host> {
  const child = spawn(process.execPath, [cliPath, '--home', home, 'mcp', '--http', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const lines = createInterface({ input: child.stdout! })
  const first = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`hearth mcp --http exited with ${code}`)))
    lines.once('line', resolve)
  })
  const { url, token } = JSON.parse(first) as { url: string; token: string }
  return { child, url, token }
}

/** One client's loop: visit (connect, call, leave) until the deadline. */
async function visitUntil(host: Host, index: number, deadline: number, tally: SoakTally): Promise<void> {
  for (let visit = 0; Date.now() < deadline; visit++) {
    tally.visits++
    try {
      await oneVisit(host, `soak-${index}`, visit % 2 === 0, tally)
    } catch (error) {
      tally.errors++
      if (tally.firstErrors.length < 5) tally.firstErrors.push(String(error))
    }
  }
}

async function oneVisit(host: Host, name: string, endSession: boolean, tally: SoakTally): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(host.url), {
    requestInit: { headers: { Authorization: `Bearer ${host.token}` } }
  })
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(transport)
  try {
    for (let call = 0; call < CALLS_PER_VISIT; call++) {
      const [tool, args] =
        call === 1
          ? ['nexus_post', { type: 'turn', summary: `${name} checked in` }]
          : call === 2
            ? ['nexus_read', { limit: 5 }]
            : ['nexus_unread', {}]
      const start = performance.now()
      const result = (await client.callTool({ name: tool, arguments: args })) as { isError?: boolean }
      tally.latencies.push(performance.now() - start)
      tally.calls++
      if (result.isError === true) tally.errors++
    }
    if (endSession) await transport.terminateSession()
  } finally {
    await client.close()
  }
}

/** A newcomer after the soak: connects and calls a tool. */
async function oneMoreVisit(host: Host): Promise<boolean> {
  const tally: SoakTally = { visits: 0, calls: 0, errors: 0, latencies: [], firstErrors: [] }
  try {
    await oneVisit(host, 'after-soak', false, tally)
    return tally.errors === 0
  } catch {
    // The host refused or dropped the newcomer: that is the figure (still serving = 0).
    return false
  }
}

interface ResidentSample {
  readonly at: number
  readonly kb: number
}

/** Reads the host's resident memory every SAMPLE_MS once its warm-up is over, until stopped. */
function sampleResident(pid: number | undefined, warmUpMs: number): { stop(): ResidentSample[] } {
  const samples: ResidentSample[] = []
  const read = (): void => {
    const kb = residentKb(pid)
    if (kb !== undefined) samples.push({ at: performance.now(), kb })
  }
  let timer: NodeJS.Timeout | undefined
  const warm = setTimeout(() => {
    read()
    timer = setInterval(read, SAMPLE_MS)
  }, warmUpMs)
  return {
    stop() {
      clearTimeout(warm)
      clearInterval(timer)
      read()
      return samples
    }
  }
}

/**
 * How much the host's memory grew: the median of the last quarter of the readings after warm-up
 * minus the median of the first quarter. A garbage-collected heap rises and falls by tens of
 * megabytes between collections, so two single readings measure where each fell in that cycle; a
 * leak lifts the whole cycle, and the medians with it.
 */
export function residentGrowthKb(samples: readonly ResidentSample[]): number {
  const first = samples[0]
  const last = samples.at(-1)
  if (first === undefined || last === undefined) return Number.NaN
  const windowMs = (last.at - first.at) / 4
  const early = samples.filter((sample) => sample.at <= first.at + windowMs).map((sample) => sample.kb)
  const late = samples.filter((sample) => sample.at >= last.at - windowMs).map((sample) => sample.kb)
  return percentile(late, 50) - percentile(early, 50)
}

/** Resident memory of a process in KiB (from /proc on Linux, else from ps). */
function residentKb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  const status = `/proc/${pid}/status`
  if (existsSync(status)) {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(status, 'utf8'))
    return match ? Number(match[1]) : undefined
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })
  const value = Number(ps.stdout.trim())
  return Number.isFinite(value) && value > 0 ? value : undefined
}
