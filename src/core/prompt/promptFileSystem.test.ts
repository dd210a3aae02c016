import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodePromptFileSystem } from './promptFileSystem'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-pfs-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, content: string | Buffer): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe('nodePromptFileSystem.read', () => {
  it('strips a BOM and normalises CRLF to LF', () => {
    const path = write('bom.md', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\r\nb\r\n')]))
    expect(nodePromptFileSystem.read(path, 'bom.md')).toEqual({ kind: 'ok', text: 'a\nb\n' })
  })

  it('keeps zero-width characters so the scanner can see them', () => {
    const path = write('zw.md', 'a\u200bb')
    expect(nodePromptFileSystem.read(path, 'zw.md')).toEqual({ kind: 'ok', text: 'a\u200bb' })
  })

  it('refuses a 50 MB file without reading it, with a clear reason', () => {
    const path = join(dir, 'huge.md')
    const fd = openSync(path, 'w')
    const chunk = Buffer.alloc(1024 * 1024, 'a')
    for (let i = 0; i < 50; i++) writeSync(fd, chunk)
    closeSync(fd)
    const started = performance.now()
    const read = nodePromptFileSystem.read(path, 'AGENTS.md')
    expect(read).toEqual({
      kind: 'error',
      reason:
        'AGENTS.md is 50.0 MB, over the 10 MB limit for prompt files; it was not loaded (trim it to use it)'
    })
    expect(performance.now() - started).toBeLessThan(200)
  })

  it('refuses binary and invalid UTF-8 files, and reports missing ones', () => {
    expect(nodePromptFileSystem.read(write('bin', Buffer.from([1, 0, 2])), 'SOUL.md')).toMatchObject({
      kind: 'error',
      reason: expect.stringContaining('binary')
    })
    expect(nodePromptFileSystem.read(write('bad', Buffer.from([0xff, 0xfe, 0x41])), 'SOUL.md')).toMatchObject(
      { kind: 'error', reason: expect.stringContaining('not valid UTF-8') }
    )
    expect(nodePromptFileSystem.read(join(dir, 'nope.md'), 'x')).toEqual({ kind: 'missing' })
    expect(nodePromptFileSystem.read(dir, 'folder')).toMatchObject({
      kind: 'error',
      reason: expect.stringContaining('not a regular file')
    })
  })
})
