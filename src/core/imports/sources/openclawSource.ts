import { existsSync, readdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { bulletEntries } from '../entryLines'
import { ImportFileError, type ImportSourceReader, type SourceEvent } from '../importTypes'
import { sourceText } from '../sourceText'
import { skillFolders } from './skillFolders'
import { openclawSessionCount, openclawTranscripts } from './openclawTranscripts'
import { PartCounter } from './partProgress'

/**
 * An OpenClaw home (`~/.openclaw`, or `OPENCLAW_STATE_DIR`): one agent's workspace (persona and
 * memory files) and its transcripts. PATH is the home (its `main` agent, or its only one) or
 * one agent's folder, `<home>/agents/<id>`; other agents are named in the report.
 */
export const openclawSource: ImportSourceReader = {
  source: 'openclaw',
  defaultPath: () => process.env.OPENCLAW_STATE_DIR ?? join(homedir(), '.openclaw'),
  measure: async (path) => {
    if (!existsSync(path)) return { unit: 'parts', total: 0 }
    const { home, agentId } = whichAgent(path)
    const workspace = existsSync(workspaceOf(home, agentId).dir) ? 1 : 0
    return { unit: 'parts', total: workspace + openclawSessionCount(join(home, 'agents', agentId)) }
  },
  read
}

/** The workspace is read whole (one part of progress); each transcript is one more. */
function workspaceOf(home: string, agentId: string): { dir: string; label: string } {
  const label = agentId === 'main' ? 'workspace' : `workspace-${agentId}`
  return { dir: join(home, label), label }
}

async function* read(path: string): AsyncGenerator<SourceEvent> {
  if (!existsSync(path))
    throw new ImportFileError(path, null, `${path} does not exist; give the OpenClaw home folder`)
  const { home, agentId } = whichAgent(path)
  for (const other of agentIds(home).filter((id) => id !== agentId))
    yield {
      kind: 'skip',
      itemKind: 'session',
      ref: `agents/${other}`,
      reason: `another OpenClaw agent: import it with PATH ${join(home, 'agents', other)}`
    }
  const parts = new PartCounter()
  const workspace = workspaceOf(home, agentId)
  yield* workspaceFiles(workspace.dir, workspace.label)
  if (existsSync(workspace.dir)) yield parts.next()
  yield* parts.sessions(openclawTranscripts(join(home, 'agents', agentId), `agents/${agentId}`))
}

function agentIds(home: string): string[] {
  const dir = join(home, 'agents')
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => statSync(join(dir, n)).isDirectory())
        .sort()
    : []
}

function whichAgent(path: string): { home: string; agentId: string } {
  if (basename(dirname(path)) === 'agents') return { home: dirname(dirname(path)), agentId: basename(path) }
  const ids = agentIds(path)
  return { home: path, agentId: ids.includes('main') || ids.length === 0 ? 'main' : (ids[0] as string) }
}

function* workspaceFiles(dir: string, label: string): Generator<SourceEvent> {
  const read = (name: string): string | null => sourceText(join(dir, name), `${label}/${name}`)
  const soul = read('SOUL.md')
  const name = identityName(read('IDENTITY.md'))
  if (soul !== null && soul.trim() !== '')
    yield { kind: 'persona', text: soul.trim(), name, ref: `${label}/SOUL.md` }
  const agents = read('AGENTS.md')
  if (agents !== null && agents.trim() !== '')
    yield { kind: 'file', name: 'openclaw-AGENTS.md', text: agents, ref: `${label}/AGENTS.md` }
  if (read('BOOTSTRAP.md') !== null)
    yield {
      kind: 'skip',
      itemKind: 'file',
      ref: `${label}/BOOTSTRAP.md`,
      reason: "OpenClaw's first-run ritual, not about the agent"
    }
  yield* userDirectives(read('USER.md'), `${label}/USER.md`)
  yield* bullets(read('MEMORY.md'), `${label}/MEMORY.md`, 'project_fact', undefined)
  const memoryDir = join(dir, 'memory')
  const days = existsSync(memoryDir)
    ? readdirSync(memoryDir)
        .filter((n) => n.endsWith('.md'))
        .sort()
    : []
  for (const day of days) {
    const date = /^(\d{4}-\d{2}-\d{2})/.exec(day)?.[1]
    yield* bullets(
      read(`memory/${day}`),
      `${label}/memory/${day}`,
      'project_fact',
      date ? Date.parse(`${date}T12:00:00Z`) : undefined
    )
  }
  yield* skillFolders(join(dir, 'skills'), `${label}/skills`)
}

/** `- **Name:** Juno` from IDENTITY.md, unless it is still the placeholder. */
function identityName(text: string | null): string | null {
  const found = text === null ? null : /^\s*[-*]\s*\*{0,2}Name:?\*{0,2}:?\s*(.+)$/im.exec(text)
  const name = found?.[1]?.trim() ?? ''
  return name === '' || name.startsWith('_(') || name.startsWith('(') ? null : name.slice(0, 80)
}

function* bullets(
  text: string | null,
  file: string,
  type: 'project_fact',
  createdAtMs: number | undefined
): Generator<SourceEvent> {
  if (text === null) return
  for (const entry of bulletEntries(text))
    yield {
      kind: 'candidate',
      text: entry.text,
      type,
      speaker: 'agent',
      provenance: { source: 'openclaw', file, line: entry.line, conversation: null, message: null },
      ...(createdAtMs !== undefined && Number.isFinite(createdAtMs) ? { createdAtMs } : {})
    }
}

/**
 * USER.md's directives: each bullet after an `<!-- observed: DATE | status: active -->` line is
 * a candidate about the user; superseded ones and the template's placeholder are left out.
 */
function* userDirectives(text: string | null, file: string): Generator<SourceEvent> {
  if (text === null) return
  let status = 'active'
  const lines = text.split('\n')
  for (const entry of bulletEntries(text)) {
    for (let i = entry.line - 2; i >= 0; i -= 1) {
      const meta = /status:\s*(\w+)/.exec(lines[i] ?? '')
      if (meta) {
        status = meta[1] ?? 'active'
        break
      }
      if ((lines[i] ?? '').trim().startsWith('-')) break
    }
    const ref = `${file}:${entry.line}`
    if (status !== 'active')
      yield { kind: 'skip', itemKind: 'candidate', ref, reason: `marked ${status} in USER.md` }
    else if (/^\w+ \.\.\.$/.test(entry.text))
      yield { kind: 'skip', itemKind: 'candidate', ref, reason: 'the template placeholder' }
    else
      yield {
        kind: 'candidate',
        text: entry.text,
        type: 'preference',
        speaker: 'user',
        provenance: { source: 'openclaw', file, line: entry.line, conversation: null, message: null }
      }
  }
}
