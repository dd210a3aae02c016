import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../tests/helpers/tempHome'
import { FileLogger, logLevelFrom } from './fileLogger'
import { redactSecrets } from './redact'

let temp: ReturnType<typeof makeTempDir>
let path: string
beforeEach(() => {
  temp = makeTempDir()
  path = join(temp.dir, 'logs', 'hearth.log')
})
afterEach(() => temp.cleanup())

const lines = (file = path): string[] => readFileSync(file, 'utf8').trimEnd().split('\n')

describe('FileLogger', () => {
  it('writes one line per event at its level and above, with scope, pid, fields and the error message', () => {
    const log = new FileLogger({ path, level: 'info', now: () => Date.UTC(2026, 0, 2, 3, 4, 5) }).child(
      'nexus.mirror'
    )
    log.debug('not written')
    log.info('mirror written', { entries: 3 })
    log.warn('mirror write failed', {
      error: Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' }),
      path: '/h/nexus'
    })
    const [info, warn, ...rest] = lines()
    expect(rest).toEqual([])
    expect(info).toBe(
      `2026-01-02T03:04:05.000Z INFO  [nexus.mirror] pid=${process.pid} mirror written {"entries":3}`
    )
    expect(warn).toMatch(
      /^2026-01-02T03:04:05\.000Z WARN  \[nexus\.mirror\] pid=\d+ mirror write failed \{"error":\{"name":"Error","message":"ENOSPC: no space left","code":"ENOSPC","stack":\[/
    )
    expect(warn).toContain('"path":"/h/nexus"')
  })

  it('never writes an API key or token, not even inside an error message', () => {
    const key = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'
    const log = new FileLogger({ path, level: 'debug', secrets: () => ['s3cret-serve-token', undefined] })
    log.error('model call failed', { error: new Error(`401 invalid x-api-key: ${key}`) })
    log.warn(
      `request to http://127.0.0.1:4173/?token=s3cret-serve-token failed; Authorization: Bearer abcdefghijklmnop`
    )
    const text = readFileSync(path, 'utf8')
    expect(text).not.toContain(key)
    expect(text).not.toContain('AbCdEfGhIjKl')
    expect(text).not.toContain('s3cret-serve-token')
    expect(text).not.toContain('abcdefghijklmnop')
    expect(text).toContain('[redacted]')
    expect(text).toContain('model call failed')
  })

  it('keeps a multi-line message on one line', () => {
    new FileLogger({ path, level: 'info' }).info('first\nsecond')
    expect(lines()).toEqual([expect.stringMatching(/first\\nsecond$/)])
  })

  it('rotates by size and keeps a bounded number of old files', () => {
    const log = new FileLogger({ path, level: 'info', maxBytes: 200, keep: 2 })
    for (let i = 0; i < 12; i++) log.info(`event number ${i} ${'x'.repeat(60)}`)
    expect(existsSync(`${path}.1`)).toBe(true)
    expect(existsSync(`${path}.2`)).toBe(true)
    expect(existsSync(`${path}.3`)).toBe(false)
    expect(lines().at(-1)).toContain('event number 11')
    expect(readFileSync(path, 'utf8').length).toBeLessThan(400)
  })

  it('does not throw when the log cannot be written', () => {
    mkdirSync(path, { recursive: true }) // a folder where the file belongs: every append fails
    expect(() => new FileLogger({ path, level: 'info' }).error('still running')).not.toThrow()
    writeFileSync(join(temp.dir, 'home-file'), '')
    expect(() =>
      new FileLogger({ path: join(temp.dir, 'home-file', 'logs', 'hearth.log'), level: 'info' }).warn(
        'no folder'
      )
    ).not.toThrow()
  })
})

describe('log levels and redaction', () => {
  it('reads HEARTH_LOG_LEVEL, falling back to info', () => {
    expect(logLevelFrom('DEBUG')).toBe('debug')
    expect(logLevelFrom(' warn ')).toBe('warn')
    expect(logLevelFrom('loud')).toBe('info')
    expect(logLevelFrom(undefined)).toBe('info')
  })

  it('keeps ordinary text and short known values intact', () => {
    expect(redactSecrets('session s_123 ended after 4 turns', ['abc'])).toBe(
      'session s_123 ended after 4 turns'
    )
    expect(redactSecrets('api_key=hunter2hunter2')).toBe('api_key=[redacted]')
  })
})
