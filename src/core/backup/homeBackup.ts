import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync
} from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yazl from 'yazl'
import type { BackupProgress, BackupResult } from '../../shared/contract/backup'
import { conflict, invalidInput } from '../errors'
import { isInside } from '../home/containedPath'
import type { HomePaths } from '../home/homePaths'
import type { Db } from '../node/db/openDatabase'
import type { Clock } from '../ports/clock'
import {
  BACKUP_EXCLUDED,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  excludedFromBackup,
  HOME_PREFIX,
  MANIFEST_NAME,
  type BackupManifest
} from './backupManifest'
import { configWithoutSecrets } from './configSecrets'
import { fileHoldsSecret, scrubDatabaseCopy } from './databaseSecrets'
import { homeCounts } from './homeCounts'
import { SecretWatch } from './secretGuard'

export interface BackupDeps {
  readonly db: Db
  readonly paths: HomePaths
  readonly clock: Clock
  readonly version: string
  /** The API key and other secrets this process knows: a backup holding one is refused. */
  readonly secrets: () => Promise<readonly string[]>
  /** Told as the copy goes: the database first, then every file by bytes written. */
  readonly onProgress?: (progress: BackupProgress) => void
}

/** All of SQLite's pages in one step, so a writer in another process cannot restart the copy midway. */
const ALL_PAGES = 0x7fffffff

/**
 * `hearth backup`, Settings → Back up the home: a consistent copy of the whole home while it is
 * in use. The database goes through SQLite's online backup (one read snapshot, writers carry on);
 * the home's files are streamed into one zip, each hashed as it is written; the manifest, last,
 * lists every file with its sha256. The archive is written beside its final name and renamed
 * once complete, so a failed backup leaves nothing that looks like one.
 */
export async function backupHome(deps: BackupDeps, requested?: string): Promise<BackupResult> {
  const started = deps.clock.now()
  const file = resolve(requested ?? defaultBackupFile(deps.paths.root, started))
  checkTarget(deps.paths.root, file)
  const scratch = mkdtempSync(join(dirname(file), '.hearth-backup-'))
  const partial = join(scratch, 'archive.zip')
  try {
    const dbCopy = join(scratch, 'hearth.db')
    deps.onProgress?.({ phase: 'database', bytes: 0, totalBytes: 0, files: 0, totalFiles: 0 })
    await deps.db.backup(dbCopy, { progress: () => ALL_PAGES })
    const secrets = await deps.secrets()
    const secretsRemoved = await keepSecretsOut(dbCopy, secrets)
    const counts = countsOf(dbCopy)
    const config = configCopy(deps.paths.root, scratch)
    const files = [
      { rel: 'hearth.db', full: dbCopy },
      ...homeFiles(deps.paths.root).map((f) => (f.rel === CONFIG_FILE && config !== null ? config : f))
    ]
    const tracker = progressTracker(files, deps.onProgress)
    const manifest = await writeArchive(partial, files, secrets, tracker, {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAtMs: started,
      appVersion: deps.version,
      counts: { ...counts, files: files.length },
      excluded: BACKUP_EXCLUDED
    })
    const sha256 = await fileSha256(partial)
    if (existsSync(file)) throw conflict(`${file} appeared while the backup ran; it was not overwritten.`)
    await rename(partial, file)
    tracker.done()
    return {
      file,
      bytes: (await stat(file)).size,
      sha256,
      files: manifest.files.length,
      counts: manifest.counts,
      excluded: BACKUP_EXCLUDED,
      secretsRemoved: config !== null ? [...secretsRemoved, CONFIG_REMOVED] : secretsRemoved,
      durationMs: Math.max(0, deps.clock.now() - started)
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

export function defaultBackupFile(home: string, atMs: number): string {
  const stamp = new Date(atMs).toISOString().slice(0, 19).replace(/[:T]/g, '-')
  return join(dirname(home), `hearth-backup-${stamp}.zip`)
}

/**
 * A key pasted into a chat (or still on a freed page) is taken out of the copy, never the live
 * database; where an append-only log holds it, the backup stops and says where.
 */
async function keepSecretsOut(dbCopy: string, secrets: readonly string[]): Promise<string[]> {
  if (!(await fileHoldsSecret(dbCopy, secrets))) return []
  const found = scrubDatabaseCopy(dbCopy, secrets)
  if (found.stuck.length > 0)
    throw conflict(
      `The backup was not written: the API key appears in ${found.stuck.join(', ')} of the database, which is append-only and cannot be changed. Replace the key with a new one at your provider, then back up again (the old one is then useless).`
    )
  return found.removed
}

const CONFIG_FILE = 'config.json'
const CONFIG_REMOVED = 'config.json (the env and header values of MCP servers)'

/**
 * config.json with the MCP servers' env and header values taken out, written in the scratch
 * folder for the archive to read instead of the home's; null when there were none to take out.
 */
function configCopy(root: string, scratch: string): { rel: string; full: string } | null {
  const live = join(root, CONFIG_FILE)
  if (!existsSync(live)) return null
  const text = configWithoutSecrets(readFileSync(live, 'utf8'))
  if (text === null) return null
  const full = join(scratch, CONFIG_FILE)
  writeFileSync(full, text, { mode: 0o600 })
  return { rel: CONFIG_FILE, full }
}

function checkTarget(home: string, file: string): void {
  if (isInside(file, home))
    throw invalidInput(
      `A backup cannot be written inside the home it copies (${file}); choose a folder outside ${home}.`
    )
  if (!existsSync(dirname(file))) throw invalidInput(`The folder ${dirname(file)} does not exist.`)
  if (existsSync(file))
    throw conflict(`${file} already exists; choose another name (nothing was overwritten).`)
}

function countsOf(dbFile: string): Record<string, number> {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true })
  try {
    return homeCounts(db)
  } finally {
    db.close()
  }
}

/** Every regular file of the home a backup keeps (see `excludedFromBackup`), sorted by path. */
function homeFiles(root: string): { rel: string; full: string }[] {
  const out: { rel: string; full: string }[] = []
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      const rel = relative(root, full).split(sep).join('/')
      const info = lstatSync(full)
      if (info.isDirectory()) {
        if (!excludedFromBackup(rel, true)) walk(full)
      } else if (info.isFile() && !excludedFromBackup(rel, false)) out.push({ rel, full })
    }
  }
  walk(root)
  return out
}

async function writeArchive(
  target: string,
  files: readonly { rel: string; full: string }[],
  secrets: readonly string[],
  tracker: ProgressTracker,
  head: Omit<BackupManifest, 'files'>
): Promise<BackupManifest> {
  const zip = new yazl.ZipFile()
  const written = pipeline(zip.outputStream, createWriteStream(target, { mode: 0o600 }))
  // Awaited below; a failure before then (a file that cannot be read) must not go unhandled.
  written.catch(() => undefined)
  const entries = files.map((file) => addHashed(zip, file, secrets, tracker))
  const listed = await Promise.all(entries)
  const leaked = listed.filter((entry) => entry.leaked).map((entry) => entry.path)
  if (leaked.length > 0)
    throw conflict(
      `The backup was not written: the API key (or another saved secret: the embedding key, an MCP server's header or env value) appears in ${leaked.join(', ')}. Remove it from there and back up again.`
    )
  const manifest: BackupManifest = {
    ...head,
    files: listed.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 }))
  }
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_NAME)
  zip.end()
  await written
  return manifest
}

interface HashedEntry {
  readonly path: string
  readonly bytes: number
  readonly sha256: string
  readonly leaked: boolean
}

/** Adds one file, opened only when the zip reaches it; resolves with the hash of the bytes stored. */
function addHashed(
  zip: yazl.ZipFile,
  file: { rel: string; full: string },
  secrets: readonly string[],
  tracker: ProgressTracker
): Promise<HashedEntry> {
  return new Promise((resolveEntry, reject) => {
    const hash = createHash('sha256')
    const watch = new SecretWatch(secrets)
    let bytes = 0
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        watch.push(chunk)
        bytes += chunk.length
        tracker.add(chunk.length, false)
        done(null, chunk)
      },
      flush(done) {
        tracker.add(0, true)
        resolveEntry({ path: file.rel, bytes, sha256: hash.digest('hex'), leaked: watch.found })
        done()
      }
    })
    zip.addReadStreamLazy(`${HOME_PREFIX}${file.rel}`, { mode: 0o100600 }, (cb) => {
      const source = createReadStream(file.full)
      source.on('error', reject)
      cb(null, source.pipe(tap))
    })
  })
}

interface ProgressTracker {
  add(bytes: number, fileDone: boolean): void
  done(): void
}

/** Bytes and files into the archive so far against the sizes taken before writing; told at most every 100 ms. */
function progressTracker(
  files: readonly { full: string }[],
  report: BackupDeps['onProgress']
): ProgressTracker {
  const totalFiles = files.length
  const totalBytes = files.reduce(
    (sum, f) => sum + (lstatSync(f.full, { throwIfNoEntry: false })?.size ?? 0),
    0
  )
  let bytes = 0
  let done = 0
  let toldAt = 0
  const tell = (phase: BackupProgress['phase']): void =>
    report?.({ phase, bytes: Math.min(bytes, totalBytes), totalBytes, files: done, totalFiles })
  return {
    add(more, fileDone) {
      bytes += more
      if (fileDone) done += 1
      const now = Date.now()
      if (now - toldAt < 100 && done < totalFiles) return
      toldAt = now
      tell('files')
    },
    done() {
      bytes = totalBytes
      done = totalFiles
      tell('done')
    }
  }
}

export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}
