import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { PRIVATE_FILE_MODE } from './privateFiles'

/**
 * Writes a file so readers see either the old or the new content, never a torn one:
 * write a temp file in the same folder, fsync, then rename over the target. The file gets `mode`
 * (owner-only unless the caller says otherwise: everything in the home is private).
 */
export function writeFileAtomic(path: string, content: string | Buffer, mode = PRIVATE_FILE_MODE): void {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  const fd = openSync(temp, 'w', mode)
  try {
    writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content)
    fsyncSync(fd)
  } catch (error) {
    closeSync(fd)
    rmSync(temp, { force: true })
    throw error
  }
  closeSync(fd)
  try {
    renameSync(temp, path)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}
