import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { ownStamp } from '../node/process/processIdentity'
import { PRIVATE_FILE_MODE } from './privateFiles'

/**
 * The temp file's name: `.<name>.<pid>-<start time>-<random>.tmp`. The writer's stamp in the
 * name lets the next start remove a temp whose writer is gone, and only that (see staleFiles).
 */
export function tempNameFor(path: string): string {
  const stamp = ownStamp()
  const owner = `${stamp.pid}-${stamp.startedAt ?? 'x'}`
  return join(dirname(path), `.${basename(path)}.${owner}-${randomBytes(6).toString('hex')}.tmp`)
}

/**
 * Writes a file so readers see either the old or the new content, never a torn one:
 * write a temp file in the same folder, fsync, then rename over the target. The file gets `mode`
 * (owner-only unless the caller says otherwise: everything in the home is private).
 */
export function writeFileAtomic(path: string, content: string | Buffer, mode = PRIVATE_FILE_MODE): void {
  const temp = tempNameFor(path)
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
