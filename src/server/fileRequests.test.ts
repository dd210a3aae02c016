import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { fileRequests } from './fileRequests'

const GRACE_MS = 25

function answer(): ServerResponse & EventEmitter {
  return new EventEmitter() as ServerResponse & EventEmitter
}

const afterMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('the page files a host serves first', () => {
  it('is quiet a moment after it started listening when no page asks', async () => {
    const started = performance.now()
    await fileRequests().done()
    expect(performance.now() - started).toBeGreaterThanOrEqual(GRACE_MS - 1)
  })

  it('waits while a request is answered, then for the moment in which the page asks for the next', async () => {
    const files = fileRequests()
    const page = answer()
    files.started(page)
    let quiet = false
    const done = files.done().then(() => (quiet = true))
    await afterMs(GRACE_MS * 1.5)
    expect(quiet).toBe(false)

    page.emit('close')
    const answeredAt = performance.now()
    const code = answer()
    files.started(code)
    await afterMs(GRACE_MS * 1.5)
    expect(quiet).toBe(false)

    code.emit('close')
    const lastAt = performance.now()
    await done
    expect(performance.now() - lastAt).toBeGreaterThanOrEqual(GRACE_MS - 1)
    expect(lastAt).toBeGreaterThan(answeredAt)
  })
})
