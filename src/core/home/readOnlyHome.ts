import { HearthError } from '../errors'

const WRITE_REFUSED = new Set(['EACCES', 'EPERM', 'EROFS'])

/** A write the operating system or SQLite refused because the home may not be changed. */
export function isWriteRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as NodeJS.ErrnoException).code
  return typeof code === 'string' && (WRITE_REFUSED.has(code) || code.startsWith('SQLITE_READONLY'))
}

export function readOnlyHomeError(home: string): HearthError {
  return new HearthError(
    'conflict',
    `This Hearth home is read-only (${home}): it can be listed and shown, not changed.`
  )
}

/** The error a caller sees: a refused write in a read-only home says so instead of naming a syscall. */
export function explainReadOnly(error: unknown, home: string): unknown {
  return isWriteRefusal(error) ? readOnlyHomeError(home) : error
}
