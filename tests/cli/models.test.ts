import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { runHearthAsync } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

let fake: FakeAnthropic
let temp: ReturnType<typeof makeTempDir>
beforeAll(async () => (fake = await startFakeAnthropic()))
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  temp = makeTempDir()
})
afterEach(() => temp.cleanup())

/** The CLI against the fake model; async because the fake answers from this process. */
function hearth(args: readonly string[], key = 'sk-for-the-fake') {
  return runHearthAsync([...args, '--home', temp.dir], {
    env: { ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: fake.url }
  })
}

describe('hearth models', () => {
  it('lists the model table with context windows and prices', async () => {
    const run = await hearth(['models', 'list', '--json'])
    expect(run.code).toBe(0)
    const { models } = run.json<{ models: { id: string; contextWindow: number; prices: object }[] }>()
    expect(models.length).toBeGreaterThan(1)
    expect(models[0]).toMatchObject({
      contextWindow: expect.any(Number),
      prices: expect.objectContaining({ input: expect.any(Number) })
    })
    const text = await hearth(['models', 'list'])
    expect(text.stdout).toContain(models[0]?.id)
    expect(text.stdout).toMatch(/per MTok/)
  })

  it('tests the connection with one one-token call and reports success', async () => {
    const run = await hearth(['models', 'test', '--json'])
    expect(run.code).toBe(0)
    expect(run.json()).toMatchObject({
      report: { ok: true, status: 200, url: `${fake.url}/v1/messages`, errorType: null }
    })
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.body).toMatchObject({ max_tokens: 1 })
  })

  it("exits 1 with the endpoint's status, error type and words when the call fails", async () => {
    fake.fault({ kind: 'http', status: 403, errorType: 'permission_error', message: 'Key lacks access.' })
    const run = await hearth(['models', 'test', '--json'])
    expect(run.code).toBe(1)
    expect(run.json()).toMatchObject({
      report: { ok: false, status: 403, errorType: 'permission_error', url: `${fake.url}/v1/messages` }
    })
    expect(run.json<{ report: { message: string } }>().report.message).toContain('Key lacks access.')
    fake.fault({ kind: 'http', status: 403, errorType: 'permission_error', message: 'Key lacks access.' })
    const text = await hearth(['models', 'test'])
    expect(text.code).toBe(1)
    expect(text.stdout).toContain(`Connection failed: ${fake.url}/v1/messages (HTTP 403`)
    expect(text.stdout).toContain('Key lacks access.')
  })

  it('says there is no key without calling anything', async () => {
    const run = await hearth(['models', 'test', '--json'], '')
    expect(run.code).toBe(1)
    expect(run.json()).toMatchObject({ report: { ok: false, status: null } })
    expect(fake.requests).toHaveLength(0)
  })
})
