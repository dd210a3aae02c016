import { basename } from 'node:path'
import type { AgentId, FileDoc, FileTarget, TrustableFile } from '../../shared/contract'
import { normalizeText } from '../domain/prompt/text'
import { flaggedUnits } from '../domain/prompt/trust'
import { conflict, invalidInput } from '../errors'
import type { FileService } from '../services/fileService'
import type { TrustStore } from './trustStore'

/** A file of the user's own that trust applies to. */
export type TrustTarget = Extract<FileTarget, { kind: TrustableFile }>

/**
 * "I wrote this — trust it": the user vouches for the flagged parts of their own file exactly as
 * they saw them. The file must still be the version they looked at (`hash`), and only the parts
 * the scanner flagged are recorded, by hash, so an edit afterwards is scanned again.
 */
export class FileTrust {
  constructor(
    private readonly files: FileService,
    private readonly store: TrustStore
  ) {}

  trust(target: TrustTarget, hash: string): FileDoc {
    const doc = this.files.read(target)
    const name = basename(doc.path)
    if (doc.readError !== null) throw invalidInput(`${name} cannot be read as text: ${doc.readError}`)
    if (doc.hash !== hash)
      throw conflict(`${name} changed since you looked at it. Read the new version before you trust it.`)
    const pieces = flaggedUnits(target.kind, normalizeText(doc.content))
    if (pieces.length > 0) this.store.trust(ownerOf(target), target.kind, pieces)
    return this.files.read(target)
  }
}

function ownerOf(target: TrustTarget): AgentId | null {
  return target.kind === 'user' ? null : target.agentId
}
