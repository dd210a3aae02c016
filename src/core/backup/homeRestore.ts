import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, rmdirSync, statSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { RestoreResult, RestoreVerification } from '../../shared/contract/backup'
import { conflict, invalidInput } from '../errors'
import { mkdirPrivate } from '../home/privateFiles'
import { SqliteNexusRepository } from '../nexus/nexusRepository'
import { verifyChain } from '../nexus/verifyChain'
import { openDatabase } from '../node/db/openDatabase'
import { systemClock, type Clock } from '../ports/clock'
import { BackupManifest, HOME_PREFIX, MANIFEST_NAME } from './backupManifest'
import { homeCounts } from './homeCounts'
import { openArchive, type Archive } from './zipArchive'

/**
 * `hearth restore FILE --home DIR`: a backup back into an empty folder, never over a home. The
 * archive is unpacked into a scratch folder beside the target, each file hashed as it is
 * written and compared with the manifest; the database's integrity and the Nexus chain are
 * checked; only a home that passes every check is moved into place. A failed restore leaves
 * the target as it was.
 */
export async function restoreHome(
  file: string,
  home: string,
  clock: Clock = systemClock
): Promise<RestoreResult> {
  const target = resolve(home)
  assertEmpty(target)
  const archive = await openArchive(resolve(file))
  const scratch = join(dirname(target), `.${basename(target)}.restoring-${randomBytes(4).toString('hex')}`)
  try {
    const manifest = await readManifest(archive, file)
    mkdirPrivate(scratch)
    const files = await unpack(archive, manifest, scratch)
    const { counts, integrity, nexus } = checkDatabase(join(scratch, 'hearth.db'), clock)
    const verified: RestoreVerification = {
      integrity,
      nexus,
      files,
      ok: integrity === 'ok' && nexus.ok && files.mismatched.length === 0
    }
    if (!verified.ok) throw invalidInput(`Nothing was restored: ${problemsOf(verified).join('; ')}.`)
    if (existsSync(target)) rmdirSync(target)
    await rename(scratch, target)
    return {
      home: target,
      counts: { ...manifest.counts, ...counts, files: files.checked },
      verified,
      createdAtMs: manifest.createdAtMs,
      appVersion: manifest.appVersion
    }
  } finally {
    archive.close()
    await rm(scratch, { recursive: true, force: true })
  }
}

/** A backup's manifest, checked, without unpacking anything (Settings shows it before a restore). */
export async function inspectBackup(file: string): Promise<BackupManifest> {
  const archive = await openArchive(resolve(file))
  try {
    return await readManifest(archive, file)
  } finally {
    archive.close()
  }
}

function assertEmpty(target: string): void {
  if (!existsSync(target)) return
  if (!statSync(target).isDirectory())
    throw invalidInput(`${target} is a file, not a folder to restore into.`)
  const present = readdirSync(target)
  if (present.length > 0)
    throw conflict(
      `${target} is not empty (${present.length} item${present.length === 1 ? '' : 's'}, e.g. ${present[0]}): a backup is restored only into an empty folder, so nothing there is overwritten. Name a new folder with --home DIR.`
    )
}

async function readManifest(archive: Archive, file: string): Promise<BackupManifest> {
  const entry = archive.entries.get(MANIFEST_NAME)
  if (!entry) throw invalidInput(`${file} is not a Hearth backup: it has no ${MANIFEST_NAME}.`)
  let raw: unknown
  try {
    raw = JSON.parse((await archive.read(entry)).toString('utf8'))
  } catch (error) {
    throw invalidInput(`${file}: its ${MANIFEST_NAME} is not JSON (${(error as Error).message}).`)
  }
  const parsed = BackupManifest.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw invalidInput(
      `${file} is not a Hearth backup this version reads: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim()
    )
  }
  if (!parsed.data.files.some((f) => f.path === 'hearth.db'))
    throw invalidInput(`${file} holds no database (hearth.db); it cannot be restored.`)
  return parsed.data
}

/** Writes every listed file, hashing it on the way; names what is missing, extra or different. */
async function unpack(
  archive: Archive,
  manifest: BackupManifest,
  scratch: string
): Promise<RestoreVerification['files']> {
  const mismatched: string[] = []
  const listed = new Set(manifest.files.map((f) => f.path))
  for (const name of archive.entries.keys())
    if (name !== MANIFEST_NAME && !name.endsWith('/') && !listed.has(name.slice(HOME_PREFIX.length)))
      mismatched.push(`${name} (not in the manifest)`)
  for (const expected of manifest.files) {
    const entry = archive.entries.get(`${HOME_PREFIX}${expected.path}`)
    if (!entry) {
      mismatched.push(`${expected.path} (missing from the archive)`)
      continue
    }
    const written = await archive.extract(entry, join(scratch, ...expected.path.split('/')))
    if (written.sha256 !== expected.sha256 || written.bytes !== expected.bytes)
      mismatched.push(`${expected.path} (sha256 differs)`)
  }
  return { checked: manifest.files.length, mismatched }
}

function checkDatabase(
  file: string,
  clock: Clock
): { counts: Record<string, number>; integrity: string; nexus: RestoreVerification['nexus'] } {
  const db = openDatabase(file)
  try {
    const rows = db.prepare('PRAGMA integrity_check').pluck().all() as string[]
    const nexus = verifyChain(new SqliteNexusRepository(db, clock))
    return { counts: homeCounts(db), integrity: rows.slice(0, 5).join('; '), nexus }
  } finally {
    db.close()
  }
}

function problemsOf(v: RestoreVerification): string[] {
  return [
    ...(v.integrity === 'ok' ? [] : [`the database's integrity check says: ${v.integrity}`]),
    ...(v.nexus.ok ? [] : [`the Nexus chain does not verify: ${v.nexus.problems.join(', ')}`]),
    ...(v.files.mismatched.length === 0
      ? []
      : [`files differ from the manifest: ${v.files.mismatched.join(', ')}`])
  ]
}
