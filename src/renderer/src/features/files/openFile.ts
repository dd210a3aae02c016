import type { FileDoc, FileTarget } from '../../../../shared/contract'

/** Why the editor and the disk disagree: someone else changed the file, or a save was refused. */
export interface FileConflict {
  readonly reason: 'changed' | 'refused'
  readonly message: string
  /** The file as it is on disk now; "Show diff" compares it with the draft. */
  readonly disk: FileDoc
}

/** One file open in the Files section: what was loaded, what the user typed, what is going on. */
export interface OpenFile {
  readonly key: string
  readonly target: FileTarget
  /** The file as last loaded or saved; null until the first read succeeds. */
  readonly doc: FileDoc | null
  readonly draft: string
  readonly loadError: string | null
  readonly saveError: string | null
  readonly saving: boolean
  /** The text a save in flight is writing, so its own change event is not taken for an outside edit. */
  readonly savingContent: string | null
  readonly conflict: FileConflict | null
  readonly showDiff: boolean
  /** Why "I wrote this — trust it" did not go through (the file changed since it was shown). */
  readonly trustError: string | null
}

export function newOpenFile(key: string, target: FileTarget): OpenFile {
  return {
    key,
    target,
    doc: null,
    draft: '',
    loadError: null,
    saveError: null,
    saving: false,
    savingContent: null,
    conflict: null,
    showDiff: false,
    trustError: null
  }
}

/** Unsaved edits exist. Derived, never stored. */
export function isDirty(file: OpenFile | undefined): boolean {
  return file !== undefined && file.doc !== null && file.draft !== file.doc.content
}

/** A file that could not be read as text (binary, invalid UTF-8, too large) is shown read-only. */
export function isReadOnly(file: OpenFile): boolean {
  return file.doc === null || file.doc.readError !== null
}

/**
 * What to do when the disk copy may have changed. Never drops the user's edits: a clean editor
 * follows the disk silently; a dirty one gets a conflict unless the disk already holds the draft
 * (or the text our own save is writing).
 */
export function applyDiskVersion(file: OpenFile, disk: FileDoc): Partial<OpenFile> {
  if (file.doc === null) return { doc: disk, draft: disk.content, loadError: null }
  if (disk.hash === file.doc.hash)
    return file.conflict?.reason === 'changed' ? { conflict: null, showDiff: false } : {}
  if (disk.readError === null && (disk.content === file.draft || disk.content === file.savingContent))
    return { doc: disk }
  if (!isDirty(file)) return { doc: disk, draft: disk.content, conflict: null, showDiff: false }
  const name = disk.path.split(/[\\/]/).pop() ?? disk.path
  return {
    conflict: { reason: 'changed', message: `${name} changed on disk while you were editing it.`, disk }
  }
}
