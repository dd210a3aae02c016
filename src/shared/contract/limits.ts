/* No zod here: the renderer's transport uses these before any schema is needed. */

/**
 * The largest message one RPC frame may carry, in bytes. The web host refuses longer frames
 * (close code 1009) and the browser transport refuses to send them, so every limit the contract
 * states in bytes must stay well below this one.
 */
export const MAX_RPC_FRAME_BYTES = 16 * 1024 * 1024

/** Bytes of `text` once encoded as UTF-8 (lone surrogates count as U+FFFD, as encoders write them). */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4
      index++
    } else bytes += 3
  }
  return bytes
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff
}

/** "9.0 MB" — sizes in messages people read. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
