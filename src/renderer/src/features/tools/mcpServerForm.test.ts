import { describe, expect, it } from 'vitest'
import { EMPTY_SERVER_FORM, readServerForm } from './mcpServerForm'

describe('readServerForm', () => {
  it('reads a local server: one argument per line, NAME=value pairs, no headers', () => {
    const reading = readServerForm(
      {
        ...EMPTY_SERVER_FORM,
        name: ' files ',
        command: 'npx',
        args: '-y\n\n @modelcontextprotocol/server-filesystem \n/srv',
        env: 'LOG=debug\nTOKEN=a=b',
        headers: 'X: y'
      },
      false
    )
    expect(reading).toEqual({
      ok: true,
      draft: {
        name: 'files',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv'],
        env: { LOG: 'debug', TOKEN: 'a=b' },
        cwd: null,
        url: '',
        trusted: false
      },
      headers: undefined
    })
  })

  it('reads a remote server with headers, and keeps the stored ones when editing with the field empty', () => {
    const form = {
      ...EMPTY_SERVER_FORM,
      name: 'docs',
      transport: 'http' as const,
      url: 'https://docs.example.com/mcp',
      headers: 'Authorization: Bearer abc:def'
    }
    expect(readServerForm(form, false)).toMatchObject({
      ok: true,
      headers: { Authorization: 'Bearer abc:def' }
    })
    expect(readServerForm({ ...form, headers: '' }, true)).toMatchObject({ ok: true, headers: undefined })
    expect(readServerForm({ ...form, headers: '' }, false)).toMatchObject({ ok: true, headers: {} })
  })

  it('names the field and line it could not read', () => {
    expect(readServerForm(EMPTY_SERVER_FORM, false)).toEqual({
      ok: false,
      field: 'name',
      message: 'Give the server a name.'
    })
    expect(
      readServerForm({ ...EMPTY_SERVER_FORM, name: 'x', command: 'node', env: 'OK=1\nbroken' }, false)
    ).toEqual({ ok: false, field: 'env', message: 'Line 2: write NAME=value.' })
    expect(readServerForm({ ...EMPTY_SERVER_FORM, name: 'x', transport: 'sse' }, false)).toEqual({
      ok: false,
      field: 'url',
      message: 'Give the server’s URL.'
    })
  })
})
