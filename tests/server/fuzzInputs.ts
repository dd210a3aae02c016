import { frame } from '../helpers/rawWire'
import type { Random } from '../helpers/seededRandom'

/** Generators of hostile input for the web host fuzz suite; each draws only from `random`. */

const PATH_PIECES = [
  '/',
  '//',
  '..',
  '%2e%2e',
  '%2f',
  '%',
  '%E0%A4%A',
  '%E0%A4',
  '%ZZ',
  '%00',
  '%C0%AF',
  '\\',
  'index.html',
  'assets',
  'rpc',
  '?',
  '#',
  ';',
  '€',
  '\u202e',
  '~'
]

/** A request target: mostly path-like, sometimes absolute-form, sometimes not even that. */
export function randomTarget(random: Random): string {
  const kind = random.int(0, 9)
  if (kind === 0) return random.pick(['*', 'http://127.0.0.1/', 'x', '', '//', '///', '/%', '/?%'])
  if (kind === 1) return '/' + 'a'.repeat(random.int(1, 7000))
  if (kind === 2)
    return (
      '/' +
      [...random.bytes(random.int(1, 40))].map((byte) => '%' + byte.toString(16).padStart(2, '0')).join('')
    )
  const pieces = Array.from({ length: random.int(1, 8) }, () => random.pick(PATH_PIECES))
  return '/' + pieces.join(random.pick(['/', '', '/../']))
}

/** Request targets go on the wire as latin1; characters above U+00FF are sent percent-encoded. */
export function wireSafe(target: string): string {
  return [...target].map((char) => (char.charCodeAt(0) > 0xff ? encodeURIComponent(char) : char)).join('')
}

const METHODS = [
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'OPTIONS',
  'CONNECT',
  'TRACE',
  'G\x01T',
  'BREW'
]

/** One whole HTTP request, well-formed or not. */
export function randomHttpRequest(random: Random, port: number): string {
  const host = random.chance(0.9)
    ? `127.0.0.1:${port}`
    : random.pick(['evil.example', '', `localhost:${port}`, `127.0.0.1:${port + 1}`])
  const head = `${random.pick(METHODS)} ${wireSafe(randomTarget(random))} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n`
  const extra = random.chance(0.2) ? `X-Junk: ${'j'.repeat(random.int(1, 20_000))}\r\n` : ''
  const broken = random.chance(0.1) ? 'Not-A-Header\r\n' : ''
  return head + extra + broken + '\r\n'
}

/** A WebSocket upgrade with one or more things wrong with it (or, now and then, nothing). */
export function randomUpgrade(random: Random, port: number, token: string): string {
  const path = random.pick([
    '/rpc',
    '//',
    '/rpc/',
    '/RPC',
    '/',
    '/rpc?x',
    '/index.html',
    wireSafe(randomTarget(random))
  ])
  const query = random.pick([
    '',
    `?token=${token}`,
    `?token=${token}x`,
    '?token=%E0%A4%A',
    '?token=',
    `?token=${token}&token=x`
  ])
  const origin = random.pick([
    `http://127.0.0.1:${port}`,
    'http://evil.example',
    'null',
    '',
    `http://localhost:${port}`
  ])
  const version = random.pick(['13', '13', '8', '', 'x'])
  const key = random.pick([
    random.bytes(16).toString('base64'),
    '',
    'short',
    random.bytes(64).toString('base64')
  ])
  const lines = [
    `GET ${path}${path.includes('?') ? '' : query} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    origin === '' ? '' : `Origin: ${origin}`,
    random.chance(0.9) ? 'Upgrade: websocket' : 'Upgrade: h2c',
    'Connection: Upgrade',
    version === '' ? '' : `Sec-WebSocket-Version: ${version}`,
    key === '' ? '' : `Sec-WebSocket-Key: ${key}`
  ]
  return lines.filter((line) => line !== '').join('\r\n') + '\r\n\r\n'
}

/** A burst of frames after a valid handshake: wrong opcodes, missing masks, lying lengths, RSV bits. */
export function randomFrames(random: Random, maxPayload: number): Buffer {
  const frames = Array.from({ length: random.int(1, 4) }, () => {
    const payload = random.chance(0.5)
      ? Buffer.from(randomJsonText(random))
      : random.bytes(random.int(0, 300))
    const lie = random.chance(0.2)
      ? random.pick([maxPayload + 1, 2 ** 32, 2 ** 40, 125, 126, 65535])
      : undefined
    return frame({
      opcode: random.pick([0x0, 0x1, 0x1, 0x2, 0x3, 0x7, 0x8, 0x9, 0xa, 0xb, 0xf]),
      payload,
      fin: random.chance(0.8),
      masked: random.chance(0.85),
      rsv: random.chance(0.15) ? random.int(1, 7) : 0,
      ...(lie === undefined ? {} : { declaredLength: lie })
    })
  })
  const bytes = Buffer.concat(frames)
  return random.chance(0.2) ? bytes.subarray(0, random.int(1, bytes.length)) : bytes
}

/** Text that is sometimes a good RPC message, sometimes nearly one, sometimes nothing like one. */
export function randomJsonText(random: Random, methods: readonly string[] = ['app.info']): string {
  switch (random.int(0, 7)) {
    case 0:
      return JSON.stringify({
        id: random.int(0, 1e6),
        method: random.pick(methods),
        input: randomValue(random, 3)
      })
    case 1:
      return JSON.stringify({
        id: randomValue(random, 1),
        method: randomValue(random, 1),
        input: randomValue(random, 2)
      })
    case 2:
      return '['.repeat(random.int(1, 200_000))
    case 3:
      return (
        '{"id":1,"method":"app.info","input":' +
        '{"a":'.repeat(random.int(1, 5000)) +
        '1' +
        '}'.repeat(random.int(0, 5000)) +
        '}'
      )
    case 4:
      return JSON.stringify({ id: 1, method: 'x'.repeat(random.int(1, 5000)), input: {} })
    case 5:
      return random.bytes(random.int(0, 200)).toString('latin1')
    case 6:
      return JSON.stringify(randomValue(random, 4))
    default:
      return JSON.stringify({ id: random.int(0, 9), method: random.pick(methods), input: {} })
  }
}

/** A JSON value of bounded depth with awkward strings and numbers. */
export function randomValue(random: Random, depth: number): unknown {
  const kind = random.int(0, depth > 0 ? 7 : 4)
  switch (kind) {
    case 0:
      return null
    case 1:
      return random.pick([0, -1, 1e308, -0, 2 ** 53 + 1, 3.5, 1e-300])
    case 2:
      return random.pick([
        '',
        ' ',
        '../../etc/passwd',
        '\u0000',
        '€'.repeat(random.int(1, 100)),
        '\ud800',
        '<script>',
        'a'.repeat(random.int(1, 5000))
      ])
    case 3:
      return random.chance(0.5)
    case 4:
      return random.pick(['soul', 'memory', 'user', 'rules', 'main', 'default', 'x'])
    case 5:
    case 6:
      return Object.fromEntries(
        Array.from({ length: random.int(0, 5) }, () => [
          random.pick([
            'kind',
            'agentId',
            'target',
            'content',
            'id',
            'name',
            '__proto__',
            'constructor',
            'text'
          ]),
          randomValue(random, depth - 1)
        ])
      )
    default:
      return Array.from({ length: random.int(0, 5) }, () => randomValue(random, depth - 1))
  }
}
