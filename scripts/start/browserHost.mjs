// The browser half of `npm start`: `hearth serve` in a child process, the page opened in the
// default browser where there is one, the address printed either way.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/** True where a window can open: always on macOS and Windows, with an X11 or Wayland display on Linux and the BSDs. */
export function hasDisplay(env = process.env, platform = process.platform) {
  if (platform === 'darwin' || platform === 'win32') return true
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY)
}

/**
 * Starts `hearth serve`, waits for its address, opens it and prints it; resolves with the
 * server's exit code. Ctrl+C and a termination signal stop the server cleanly.
 */
export function runBrowserHost(root, env = process.env) {
  const child = spawn(process.execPath, [join(root, 'bin', 'hearth.js'), 'serve', '--json'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit']
  })
  forwardTermination(child)
  const lines = createInterface({ input: child.stdout })
  lines.once('line', (line) => {
    const url = addressIn(line)
    if (!url) {
      process.stdout.write(`${line}\n`)
      return
    }
    const opened = hasDisplay(env) ? openInBrowser(url) : false
    process.stdout.write(
      [
        `Hearth is running at ${url}`,
        opened
          ? 'It opens in your default browser; if it does not, open that address yourself.'
          : 'Open that address in a browser on this machine.',
        'Press Ctrl+C to stop.',
        ''
      ].join('\n')
    )
  })
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1))))
}

function addressIn(line) {
  try {
    const { url } = JSON.parse(line)
    return typeof url === 'string' && url.startsWith('http://127.0.0.1:') ? url : undefined
  } catch {
    return undefined
  }
}

/** Hands the address to the system's opener; a missing or failing opener only means the user opens it. */
function openInBrowser(url) {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]]
  try {
    const opener = spawn(command, args, { stdio: 'ignore', detached: true })
    // No opener installed (ENOENT) or one that fails: the printed address is the way in.
    opener.on('error', () => undefined)
    opener.unref()
    return true
  } catch {
    return false
  }
}

/**
 * Ctrl+C reaches the child already (the terminal signals the whole process group), so SIGINT
 * only keeps this script alive until the child has shut down; a second SIGINT would cut the
 * child's orderly shutdown short. SIGTERM is sent to this script alone and is passed on.
 */
export function forwardTermination(child) {
  process.on('SIGINT', () => undefined)
  process.on('SIGTERM', () => child.kill('SIGTERM'))
}
