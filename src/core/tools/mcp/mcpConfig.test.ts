import { describe, expect, it } from 'vitest'
import { parseMcpServers, urlProblem } from './mcpConfig'

describe('parseMcpServers: entries in every shape people paste', () => {
  it('reads Claude Code .mcp.json entries (type stdio/http/sse) with ${VAR} expansion', () => {
    const parsed = parseMcpServers(
      {
        files: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '${HOME}/notes'],
          env: { LOG: '${LOG_LEVEL:-info}' }
        },
        tracker: {
          type: 'http',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: 'Bearer ${TRACKER_TOKEN}' }
        },
        legacy: { type: 'sse', url: 'https://old.example.com/sse' }
      },
      { HOME: '/home/ana', TRACKER_TOKEN: 't0k3n' }
    )
    expect(parsed.problems).toEqual([])
    expect(parsed.servers).toEqual({
      files: {
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/ana/notes'],
        env: { LOG: 'info' },
        cwd: null,
        trusted: false
      },
      tracker: {
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer t0k3n' },
        secretHeaders: [],
        trusted: false
      },
      legacy: {
        transport: 'sse',
        url: 'https://old.example.com/sse',
        headers: {},
        secretHeaders: [],
        trusted: false
      }
    })
  })

  it('reads Claude Desktop / Cursor entries without a type, and VS Code entries with cwd', () => {
    const parsed = parseMcpServers(
      {
        desktop: { command: 'uvx', args: ['mcp-server-git'], env: { PORT: 8080, DEBUG: true } },
        cursor: { url: 'http://localhost:3001/mcp' },
        windsurf: { serverUrl: 'https://mcp.example.org/sse' },
        vscode: { type: 'stdio', command: 'node', args: ['server.js'], cwd: '/srv/tools' }
      },
      {}
    )
    expect(parsed.problems).toEqual([])
    expect(parsed.servers.desktop).toMatchObject({ transport: 'stdio', env: { PORT: '8080', DEBUG: 'true' } })
    expect(parsed.servers.cursor).toMatchObject({ transport: 'auto', url: 'http://localhost:3001/mcp' })
    expect(parsed.servers.windsurf).toMatchObject({ transport: 'auto', url: 'https://mcp.example.org/sse' })
    expect(parsed.servers.vscode).toMatchObject({ transport: 'stdio', cwd: '/srv/tools' })
  })

  it('warns about unknown keys on that entry only, and never loses the other servers', () => {
    const parsed = parseMcpServers(
      {
        good: { command: 'node', args: ['a.js'] },
        chatty: { command: 'node', autoApprove: ['read'], timeout: 30 },
        empty: {},
        weird: { type: 'websocket', url: 'wss://x' },
        list: ['node'],
        off: { command: 'node', disabled: true },
        'bad name!': { command: 'node' }
      },
      {}
    )
    expect(Object.keys(parsed.servers).sort()).toEqual(['chatty', 'good'])
    expect(parsed.problems).toEqual([
      { server: 'chatty', message: 'config.json: "autoApprove" is not used by Hearth; ignored' },
      { server: 'chatty', message: 'config.json: "timeout" is not used by Hearth; ignored' },
      {
        server: 'empty',
        message: 'config.json: needs "command" (a program to run) or "url" (a remote server); left out'
      },
      {
        server: 'weird',
        message: 'config.json: "type": "websocket" is not one of stdio, http, sse; left out'
      },
      {
        server: 'list',
        message: 'config.json: the entry must be an object with "command" or "url"; left out'
      },
      { server: 'off', message: 'config.json: disabled in its entry; left out' },
      {
        server: 'bad name!',
        message:
          'config.json: server name "bad name!" must be 1–64 letters, digits, "_", "-" or "." (starting with a letter or digit); left out'
      }
    ])
  })

  it('reports unset variables, wrong field types and a non-object mcpServers clearly', () => {
    const parsed = parseMcpServers(
      {
        api: { type: 'http', url: 'https://x.example/mcp', headers: { 'X-Key': '${MISSING}', Depth: {} } },
        tool: { command: 'node', args: 'a.js' }
      },
      {}
    )
    expect(parsed.problems.map((p) => `${p.server}: ${p.message}`)).toEqual([
      'api: config.json: "headers.Depth" must be a string; ignored',
      'api: config.json: headers.X-Key uses ${MISSING}, which is not set; it expands to nothing',
      'tool: config.json: "args" must be a list of strings; ignored'
    ])
    expect(parseMcpServers([], {}).problems).toEqual([
      {
        server: '*',
        message: 'config.json: "mcpServers" must be an object of named servers; no MCP server is used'
      }
    ])
  })

  it('accepts https anywhere and http only on this machine', () => {
    expect(urlProblem('https://mcp.example.com/mcp')).toBeNull()
    expect(urlProblem('http://127.0.0.1:8808/mcp')).toBeNull()
    expect(urlProblem('http://mcp.example.com/mcp')).toBe(
      'must use https:// unless the server runs on this machine (localhost)'
    )
    expect(urlProblem('https://user:pw@mcp.example.com')).toBe(
      'must not carry a user name or password; use headers'
    )
    expect(urlProblem('ftp://x')).toBe('must start with https:// (got ftp:)')
    const refused = parseMcpServers({ lan: { url: 'http://192.168.1.9/mcp' } }, {})
    expect(refused.problems).toEqual([
      {
        server: 'lan',
        message:
          'config.json: "url" must use https:// unless the server runs on this machine (localhost); left out'
      }
    ])
  })
})
