import { readFileSync, statSync } from 'node:fs'

/** Files larger than this are not loaded into an editor or a prompt at all. */
export const MAX_TEXT_FILE_BYTES = 64 * 1024 * 1024

export type TextRead =
  | { readonly ok: true; readonly text: string; readonly bytes: Buffer; readonly hadBom: boolean }
  | { readonly ok: false; readonly missing: boolean; readonly reason: string; readonly bytes?: Buffer }

/**
 * Reads a user file as UTF-8 text, refusing what would corrupt a prompt or an editor:
 * binary content (NUL bytes), invalid UTF-8, and absurd sizes. A leading BOM is removed and
 * reported; CRLF is kept as-is (callers normalise where they need to).
 */
export function readTextFile(path: string): TextRead {
  let size: number
  try {
    const stat = statSync(path)
    if (!stat.isFile()) return { ok: false, missing: false, reason: `${path} is not a regular file` }
    size = stat.size
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT'
    return { ok: false, missing, reason: missing ? `${path} does not exist` : (error as Error).message }
  }
  if (size > MAX_TEXT_FILE_BYTES) {
    return {
      ok: false,
      missing: false,
      reason: `${path} is ${(size / 1048576).toFixed(1)} MB, over the 64 MB limit for text files`
    }
  }
  const bytes = readFileSync(path)
  return decodeText(bytes, path)
}

export function decodeText(bytes: Buffer, label: string): TextRead {
  if (bytes.subarray(0, 8192).includes(0)) {
    return {
      ok: false,
      missing: false,
      bytes,
      reason: `${label} looks like a binary file (it contains NUL bytes); it was not loaded`
    }
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return {
      ok: false,
      missing: false,
      bytes,
      reason: `${label} is not valid UTF-8; re-save it as UTF-8 to use it`
    }
  }
  const hadBom = text.startsWith('\uFEFF')
  return { ok: true, text: hadBom ? text.slice(1) : text, bytes, hadBom }
}
