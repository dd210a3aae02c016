import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'

/**
 * Raw TCP helpers for testing the web host below the level a well-behaved client would reach:
 * malformed request lines, half-sent headers, hand-built WebSocket frames.
 */

export interface RawReply {
  /** Everything the server wrote before it closed (or before `waitMs` ran out). */
  readonly text: string
  /** The status code of the first response line, or undefined when none arrived. */
  readonly status: number | undefined
  /** True when the server closed the connection. */
  readonly closed: boolean
}

/** Opens a TCP connection to 127.0.0.1:port, resolving once connected. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket))
    socket.once('error', reject)
  })
}

/**
 * Collects what the server sends until it closes the connection or `waitMs` passes — or, with
 * `untilHead`, as soon as a whole response head has arrived (an accepted upgrade never closes).
 */
export function collect(socket: Socket, waitMs = 3000, untilHead = false): Promise<RawReply> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let done = false
    const finish = (closed: boolean): void => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      const text = Buffer.concat(chunks).toString('latin1')
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text)
      resolve({ text, status: match ? Number(match[1]) : undefined, closed })
    }
    const timer = setTimeout(() => finish(false), waitMs)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      if (untilHead && Buffer.concat(chunks).includes('\r\n\r\n')) finish(false)
    })
    socket.on('error', () => finish(true))
    socket.on('close', () => finish(true))
  })
}

/** Sends bytes exactly as given and returns what came back. */
export async function rawExchange(
  port: number,
  bytes: string | Buffer,
  waitMs?: number,
  untilHead = false
): Promise<RawReply> {
  const socket = await openSocket(port)
  const reply = collect(socket, waitMs, untilHead)
  socket.write(bytes)
  return reply
}

/** A GET with the Host header the web host expects (so only the path is under test). */
export function getRequest(port: number, path: string, extraHeaders = ''): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${extraHeaders}\r\n`
}

/** A WebSocket upgrade request for `path`, from our own origin. */
export function upgradeRequest(port: number, path: string, extraHeaders = ''): string {
  return (
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
    `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n${extraHeaders}\r\n`
  )
}

/** Completes a real WebSocket handshake by hand and returns the socket ready for raw frames. */
export async function openRawWebSocket(port: number, path: string): Promise<Socket> {
  const socket = await openSocket(port)
  socket.write(upgradeRequest(port, path))
  await new Promise<void>((resolve, reject) => {
    let head = ''
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      socket.off('data', onData)
      if (head.startsWith('HTTP/1.1 101')) resolve()
      else reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`))
    }
    socket.on('data', onData)
    socket.once('error', reject)
  })
  return socket
}

export interface FrameOptions {
  readonly opcode: number
  readonly payload: Buffer
  readonly fin?: boolean
  readonly masked?: boolean
  /** Sets RSV1..3 bits (bits 0x40, 0x20, 0x10 of the first byte). */
  readonly rsv?: number
  /** Claims this payload length in the header instead of the real one (a lying frame). */
  readonly declaredLength?: number
}

/** Builds one WebSocket frame (RFC 6455 §5.2), honest or not. */
export function frame(options: FrameOptions): Buffer {
  const { opcode, payload, fin = true, masked = true, rsv = 0 } = options
  const length = options.declaredLength ?? payload.length
  const first = (fin ? 0x80 : 0) | ((rsv & 0x7) << 4) | (opcode & 0x0f)
  let header: Buffer
  if (length < 126) header = Buffer.from([first, (masked ? 0x80 : 0) | length])
  else if (length < 65536) {
    header = Buffer.alloc(4)
    header.writeUInt8(first, 0)
    header.writeUInt8((masked ? 0x80 : 0) | 126, 1)
    header.writeUInt16BE(length, 2)
  } else {
    header = Buffer.alloc(10)
    header.writeUInt8(first, 0)
    header.writeUInt8((masked ? 0x80 : 0) | 127, 1)
    header.writeBigUInt64BE(BigInt(length), 2)
  }
  if (!masked) return Buffer.concat([header, payload])
  const mask = randomBytes(4)
  const body = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)))
  return Buffer.concat([header, mask, body])
}

/** The close code of the first close frame in `bytes` (server frames are unmasked), if any. */
export function closeCodeIn(bytes: string): number | undefined {
  const buffer = Buffer.from(bytes, 'latin1')
  for (let at = 0; at + 1 < buffer.length;) {
    const opcode = (buffer[at] ?? 0) & 0x0f
    let length = (buffer[at + 1] ?? 0) & 0x7f
    let start = at + 2
    if (length === 126) {
      length = buffer.readUInt16BE(at + 2)
      start = at + 4
    } else if (length === 127) {
      length = Number(buffer.readBigUInt64BE(at + 2))
      start = at + 10
    }
    if (opcode === 0x8 && length >= 2) return buffer.readUInt16BE(start)
    at = start + length
  }
  return undefined
}
