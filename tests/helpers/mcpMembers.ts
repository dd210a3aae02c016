import { spawn, type ChildProcess } from 'node:child_process'
import { CLI, runHearth } from './cli'

/** Starts `hearth mcp --http` on a free port and reads the `{url, token}` line it prints first. */
export function startMcpHttpChild(
  home: string
): Promise<{ child: ChildProcess; url: string; token: string }> {
  const child = spawn(process.execPath, [CLI, '--home', home, 'mcp', '--http', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n')[0]
      if (out.includes('\n') && line)
        resolve({ child, ...(JSON.parse(line) as { url: string; token: string }) })
    })
    child.once('exit', (code) => reject(new Error(`hearth mcp --http exited with ${code}`)))
  })
}

/**
 * Binds a member through `hearth mcp bind … --token` (the same contract method Settings uses)
 * and returns the token it printed once.
 */
export function bindMemberWithToken(home: string, name: string, author: string, external: boolean): string {
  const bound = runHearth([
    ...['--home', home, '--json', 'mcp', 'bind', name, '--agent', author],
    ...(external ? ['--external'] : []),
    '--token'
  ])
  if (bound.code !== 0) throw new Error(`hearth mcp bind ${name} failed: ${bound.stderr}`)
  return bound.json<{ token: string }>().token
}
