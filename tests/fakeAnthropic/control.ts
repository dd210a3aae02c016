import type { IncomingMessage, ServerResponse } from 'node:http'
import { objectOr } from './json'
import type { FakeAnthropic } from './server'
import type { Fault, Reply } from './types'

/**
 * Loopback control API for tests whose client runs in another process (CLI, Playwright, bench).
 * Every answer is JSON; a malformed command gets 400 `{error}` and changes nothing.
 */
export function handleControl(
  request: IncomingMessage,
  response: ServerResponse,
  raw: string,
  fake: FakeAnthropic
): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const route = `${request.method} ${url.pathname}`
  try {
    const result = runCommand(route, raw, url, fake)
    if (result === undefined) return sendJson(response, 404, { error: `Unknown control route: ${route}` })
    sendJson(response, 200, result)
  } catch (error) {
    sendJson(response, 400, { error: error instanceof Error ? error.message : String(error) })
  }
}

function sendJson(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(payload))
}

function parseBody(raw: string): unknown {
  if (raw.trim().length === 0) return {}
  try {
    return JSON.parse(raw) as unknown
  } catch {
    throw new Error('control body is not valid JSON')
  }
}

function asList<T>(value: unknown): T[] {
  return (Array.isArray(value) ? value : [value]) as T[]
}

function runCommand(route: string, raw: string, url: URL, fake: FakeAnthropic): unknown {
  switch (route) {
    case 'POST /__fake/script':
      fake.script(...asList<Reply>(parseBody(raw)))
      return { pending: fake.pendingReplies }
    case 'POST /__fake/fault':
    case 'POST /__fake/faults':
      fake.fault(...asList<Fault>(parseBody(raw)))
      return { pending: fake.pendingFaults }
    case 'POST /__fake/tool-input': {
      const body = objectOr(parseBody(raw))
      if (typeof body['name'] !== 'string') throw new Error('tool-input: expected {name: string, input}')
      fake.setToolInput(body['name'], body['input'] ?? {})
      return { ok: true }
    }
    case 'POST /__fake/clock': {
      const advanceMs = objectOr(parseBody(raw))['advanceMs']
      if (typeof advanceMs !== 'number' || advanceMs < 0)
        throw new Error('clock: expected {advanceMs: non-negative number}')
      return { now: fake.clock.advance(advanceMs) }
    }
    case 'GET /__fake/requests': {
      const since = Number(url.searchParams.get('since') ?? 0)
      const path = url.searchParams.get('path')
      return fake.requests.filter((entry) => entry.index >= since && (path === null || entry.path === path))
    }
    case 'GET /__fake/stats':
      return fake.stats()
    case 'POST /__fake/reset':
      fake.reset()
      return { ok: true }
    default:
      return undefined
  }
}
