import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { useWebHost } from '../../tests/helpers/webHostHarness'
import { writeBypassingChecks } from '../core/testing/damagedRows'

const harness = useWebHost()

/** One contract call over a real WebSocket, as the browser page makes it. */
async function call(method: string, input: unknown): Promise<Record<string, unknown>> {
  const socket = new WebSocket(`ws://127.0.0.1:${harness.host.port}/rpc?token=${harness.host.token}`, {
    origin: `http://127.0.0.1:${harness.host.port}`
  })
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject))
  // Events may arrive first (nexus.post pushes nexus.appended); the answer carries the call's id.
  const reply = new Promise<Record<string, unknown>>((resolve) =>
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { id?: unknown; result?: Record<string, unknown> }
      if (message.id === 1 && message.result) resolve(message.result)
    })
  )
  socket.send(JSON.stringify({ id: 1, method, input }))
  const result = await reply
  socket.close()
  return result
}

describe('the web host records every unexpected error', () => {
  it('answers a call that failed unexpectedly with a request id that names its line in the log', async () => {
    for (const summary of ['first', 'second'])
      expect(await call('nexus.post', { agent: 'user', type: 'turn', summary })).toMatchObject({ ok: true })
    const { paths } = harness.core.services
    const { db } = harness.core.internals
    // A damaged row (a hand edit past the append-only guard): the reader refuses it, a bug to report.
    db.exec('DROP TRIGGER nexus_entries_no_update')
    writeBypassingChecks(db, "UPDATE nexus_entries SET type = 'gossip' WHERE seq = 2")

    const result = await call('nexus.list', {})
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
    const error = result.error as { message: string; requestId: string }
    expect(error.requestId).toMatch(/^[0-9a-f]{8}$/)
    expect(error.message).toContain('nexus_entries is damaged')
    expect(error.message).toContain(`request ${error.requestId}, details in ${paths.logFile}`)

    const line = readFileSync(paths.logFile, 'utf8')
      .split('\n')
      .find((entry) => entry.includes(error.requestId))
    expect(line).toMatch(/ERROR \[rpc\] .*unexpected error in nexus\.list/)
    expect(line).toContain('"method":"nexus.list"')
    expect(line).toContain('"stack":[')
  })

  it('logs nothing and adds no id for a refusal the user can act on', async () => {
    const result = await call('agents.create', { name: '' })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(result.error).not.toHaveProperty('requestId')
  })
})
