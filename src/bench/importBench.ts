import { spawnSync } from 'node:child_process'
import { createWriteStream, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { once } from 'node:events'
import { figure, type BenchContext, type BenchSuite } from './benchTypes'

/** One generated ChatGPT conversation: a linear tree of `turns` user/assistant pairs. */
function conversation(index: number, turns: number): string {
  const mapping: Record<string, unknown> = {}
  let parent: string | null = null
  const t0 = 1_700_000_000 + index * 600
  for (let i = 0; i < turns * 2; i += 1) {
    const id = `c${index}-m${i}`
    const role = i % 2 === 0 ? 'user' : 'assistant'
    const text = `${role === 'user' ? 'Question' : 'Answer'} ${i} of chat ${index}: ${'the garden planner keeps sensor readings in SQLite and deploys on Fridays. '.repeat(6)}`
    mapping[id] = {
      id,
      parent,
      children: [],
      message: {
        id,
        author: { role },
        create_time: t0 + i,
        content: { content_type: 'text', parts: [text] },
        recipient: 'all'
      }
    }
    if (parent !== null) (mapping[parent] as { children: string[] }).children.push(id)
    parent = id
  }
  return JSON.stringify({
    id: `conv-${index}`,
    title: `Chat ${index}`,
    create_time: t0,
    update_time: t0 + turns * 2,
    current_node: parent,
    mapping
  })
}

/** Writes a conversations.json of about `megabytes`, one conversation at a time (never held whole). */
async function writeExport(
  file: string,
  megabytes: number
): Promise<{ conversations: number; messages: number }> {
  const out = createWriteStream(file)
  const turns = 10
  let written = 0
  let conversations = 0
  out.write('[')
  while (written < megabytes * 1024 * 1024) {
    const chunk = (conversations === 0 ? '' : ',\n') + conversation(conversations, turns)
    written += chunk.length
    conversations += 1
    if (!out.write(chunk)) await once(out, 'drain')
  }
  out.end(']')
  await once(out, 'finish')
  return { conversations, messages: conversations * turns * 2 }
}

/**
 * A large ChatGPT export through `hearth import chatgpt` as a real process: items per second and
 * the process's peak resident memory, which must stay bounded (the export is streamed, never
 * loaded whole). 200 MB in the full run, 20 MB with --quick.
 */
export const importBench: BenchSuite = {
  name: 'import',
  async run(ctx: BenchContext) {
    const megabytes = ctx.quick ? 20 : 200
    const file = join(ctx.tmpDir, 'conversations.json')
    const made = await writeExport(file, megabytes)
    ctx.log(
      `import: ${made.conversations} conversations, ${made.messages} messages, ${(statSync(file).size / 1048576).toFixed(0)} MB`
    )
    const rssFile = join(ctx.tmpDir, 'rss.json')
    const preload = join(ctx.tmpDir, 'rss.cjs')
    writeFileSync(preload, peakRssPreload(rssFile))
    const started = performance.now()
    const run = spawnSync(
      process.execPath,
      [
        '--require',
        preload,
        ctx.cliPath,
        '--home',
        join(ctx.tmpDir, 'home'),
        'import',
        'chatgpt',
        file,
        '--json'
      ],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024
      }
    )
    const seconds = (performance.now() - started) / 1000
    if (run.status !== 0) throw new Error(`hearth import failed: ${run.stderr || run.stdout}`)
    const report = JSON.parse(run.stdout) as {
      counts: { session: { new: number }; message: { new: number } }
      itemsPerSecond: number
    }
    const rss = JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRssKb: number }
    const items = report.counts.session.new + report.counts.message.new
    return [
      figure(`import.chatgpt_${megabytes}mb_items_per_s`, items / seconds, 'items/s', 2000, 'higher'),
      figure(`import.chatgpt_${megabytes}mb_peak_rss_mb`, rss.maxRssKb / 1024, 'MB', 400, 'lower'),
      figure(`import.chatgpt_${megabytes}mb_seconds`, seconds, 's', megabytes, 'lower')
    ]
  }
}

/**
 * A preload that writes the process's own peak resident memory at exit. On Linux that is VmHWM:
 * `resourceUsage().maxRSS` there starts from the parent's peak (the bench process, after the
 * suites before this one), because a spawned child inherits its parent's high-water mark.
 */
export function peakRssPreload(rssFile: string): string {
  return `process.on('exit', () => {
  const fs = require('fs')
  let kb = process.resourceUsage().maxRSS
  try {
    const match = /^VmHWM:\\s+(\\d+)\\s+kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))
    if (match) kb = Number(match[1])
  } catch {
    // no /proc (macOS, Windows): maxRSS is the best there is
  }
  fs.writeFileSync(${JSON.stringify(rssFile)}, JSON.stringify({ maxRssKb: kb }))
})
`
}
