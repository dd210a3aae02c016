import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SimpleGit } from 'simple-git'

/** The branch every device pushes to; one branch, fast-forward only. */
const BRANCH = 'main'
const REMOTE_REF = `refs/remotes/origin/${BRANCH}`
/** A remote that stops answering for this long (no output at all) is given up on for this sync. */
const BLOCK_TIMEOUT_MS = 60_000
/** Small blobs kept in memory by id (device names): a blob's id names its content, so they never go stale. */
const KEPT_BLOBS = 256

let versionOnce: Promise<string | null> | undefined

/** simple-git, loaded when a sync first needs git rather than with every host. */
async function loadSimpleGit(): Promise<typeof import('simple-git').simpleGit> {
  return (await import('simple-git')).simpleGit
}

/** A file in the remote's tree: its path and the blob that holds it. */
export interface TreeFile {
  readonly path: string
  readonly blob: string
}

/** Why git refused; `rejected` means the remote moved on since the fetch (fetch again and retry). */
export class GitSyncError extends Error {
  constructor(
    message: string,
    readonly rejected = false
  ) {
    super(message)
    this.name = 'GitSyncError'
  }
}

/**
 * The home's own bare repository (`sync/nexus.git`) and the remote it exchanges with, through the
 * system's `git` (via simple-git, which also refuses unsafe transports and options). Bare, and
 * written with plumbing only (hash-object, a private index, commit-tree, push): there is no work
 * tree that a sync killed halfway could leave half-checked-out, and git's own objects are written
 * before any ref points at them.
 */
export class GitStore {
  /** The remote `origin` was last seen pointing at, and the config file as it was then. */
  private origin: { readonly remote: string; readonly config: string | null } | null = null
  private readonly kept = new Map<string, string>()

  private constructor(
    readonly dir: string,
    readonly device: string,
    private readonly git: SimpleGit
  ) {}

  /** Opens (creating on first use) the bare repository and points `origin` at `remote`. */
  static async open(dir: string, remote: string, device: string): Promise<GitStore> {
    const fresh = !existsSync(join(dir, 'HEAD'))
    if (fresh) mkdirSync(dir, { recursive: true, mode: 0o700 })
    const ours = {
      GIT_TERMINAL_PROMPT: '0',
      GIT_AUTHOR_NAME: 'Hearth',
      GIT_AUTHOR_EMAIL: `${device}@hearth.invalid`,
      GIT_COMMITTER_NAME: 'Hearth',
      GIT_COMMITTER_EMAIL: `${device}@hearth.invalid`,
      GIT_INDEX_FILE: join(dir, 'hearth-index')
    }
    const simpleGit = await loadSimpleGit()
    const git = simpleGit({
      baseDir: dir,
      maxConcurrentProcesses: 1,
      timeout: { block: BLOCK_TIMEOUT_MS },
      allowEnvironment: Object.keys(ours)
    }).env({ ...ambientEnv(), ...ours })
    const store = new GitStore(dir, device, git)
    if (fresh) await store.run(['init', '--bare', '--quiet', '--initial-branch', BRANCH])
    store.removeStaleLocks()
    await store.setRemote(remote)
    return store
  }

  /**
   * Readies this store for another sync with `remote`; false when its repository is gone (open a
   * new one). Asks git for the remote again only if the repository's config file changed since
   * (another process syncing this home with another remote rewrites it): a sync in the
   * background then starts no git process before its fetch.
   */
  async reuse(remote: string): Promise<boolean> {
    if (!existsSync(join(this.dir, 'HEAD'))) return false
    this.removeStaleLocks()
    if (this.origin?.remote !== remote || this.origin.config !== this.configStamp())
      await this.setRemote(remote)
    return true
  }

  /** `git --version`, or null when git is not installed (the UI says so); asked once per process. */
  static version(): Promise<string | null> {
    versionOnce ??= loadSimpleGit()
      .then((simpleGit) => simpleGit().env(ambientEnv()).raw(['--version']))
      .then(
        (text) => text.trim(),
        // Not installed, or not on PATH: the one thing the caller needs to know.
        () => null
      )
    return versionOnce
  }

  private async setRemote(remote: string): Promise<void> {
    this.origin = null
    const current = (await this.run(['config', '--get', 'remote.origin.url']).catch(() => '')).trim()
    if (current === '') await this.run(['remote', 'add', 'origin', remote])
    else if (current !== remote) await this.run(['remote', 'set-url', 'origin', remote])
    this.origin = { remote, config: this.configStamp() }
  }

  /** The config file's identity: git replaces it whole (a new inode) whenever it writes it. */
  private configStamp(): string | null {
    try {
      const stat = statSync(join(this.dir, 'config'))
      return `${stat.ino}:${stat.size}:${stat.mtimeMs}`
    } catch {
      return null
    }
  }

  /**
   * A git killed mid-command leaves its `*.lock` files behind, and every later command then fails.
   * Only this home's sync writes here, and it runs one at a time under the home's sync lock.
   */
  private removeStaleLocks(): void {
    for (const name of ['index.lock', 'hearth-index.lock', 'HEAD.lock', 'config.lock', `${REMOTE_REF}.lock`])
      rmSync(join(this.dir, name), { force: true })
  }

  /** Fetches the remote's branch; its commit, or null for an empty remote (the first device). */
  async fetch(): Promise<string | null> {
    try {
      await this.run(['fetch', '--quiet', '--no-tags', 'origin', `+refs/heads/${BRANCH}:${REMOTE_REF}`])
    } catch (error) {
      if (!/couldn't find remote ref/i.test(messageOf(error))) throw error
      await this.run(['update-ref', '-d', REMOTE_REF]).catch(() => '')
      return null
    }
    return (await this.run(['rev-parse', '--verify', '--quiet', REMOTE_REF])).trim()
  }

  /** Every file under `dir` in `commit`'s tree. */
  async list(commit: string, dir: string): Promise<TreeFile[]> {
    const text = await this.run(['ls-tree', '-r', '-z', commit, '--', `${dir}/`])
    return text
      .split('\0')
      .filter((line) => line.length > 0)
      .flatMap((line) => {
        const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line)
        return match ? [{ blob: match[1] as string, path: match[2] as string }] : []
      })
  }

  async read(blob: string): Promise<string> {
    return this.run(['cat-file', 'blob', blob])
  }

  /** `read` for small files read on every sync (device names), kept in memory by blob id. */
  async readKept(blob: string): Promise<string> {
    const known = this.kept.get(blob)
    if (known !== undefined) return known
    const text = await this.read(blob)
    if (this.kept.size >= KEPT_BLOBS) this.kept.clear()
    this.kept.set(blob, text)
    return text
  }

  /** Stores a file's text as a blob; its id is the same on every machine for the same text. */
  async write(text: string): Promise<string> {
    // Through a file rather than stdin: an empty text would leave git waiting for input that never comes.
    const file = join(this.dir, `hearth-blob-${process.pid}`)
    writeFileSync(file, text, { mode: 0o600 })
    try {
      return (await this.run(['hash-object', '-w', '--', file])).trim()
    } finally {
      rmSync(file, { force: true })
    }
  }

  /**
   * One commit on top of `parent` (null: the first commit) with `files` added or replaced, pushed
   * as the branch's new tip. Never forced: a remote that moved on refuses it (`rejected`).
   */
  async commitAndPush(parent: string | null, files: readonly TreeFile[], message: string): Promise<string> {
    await this.run(parent === null ? ['read-tree', '--empty'] : ['read-tree', parent])
    for (const file of files)
      await this.run(['update-index', '--add', '--cacheinfo', `100644,${file.blob},${file.path}`])
    const tree = (await this.run(['write-tree'])).trim()
    const commit = (
      await this.run(['commit-tree', tree, ...(parent === null ? [] : ['-p', parent]), '-m', message])
    ).trim()
    try {
      await this.run(['push', '--quiet', '--no-verify', 'origin', `${commit}:refs/heads/${BRANCH}`])
    } catch (error) {
      const text = messageOf(error)
      if (/\[rejected\]|non-fast-forward|fetch first|failed to update ref|cannot lock ref/i.test(text))
        throw new GitSyncError('The remote changed during the sync', true)
      throw error
    }
    await this.run(['update-ref', REMOTE_REF, commit])
    return commit
  }

  /** Packs loose objects once they pile up, so a long-lived home's repository stays small. */
  async tidy(): Promise<void> {
    await this.run(['gc', '--auto', '--quiet'])
  }

  private async run(args: string[]): Promise<string> {
    return this.git.raw(args)
  }
}

/** What git needs from the process's environment to find itself, the user's home and an SSH agent. */
const PASSED_THROUGH = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'TMPDIR',
  'SSH_AUTH_SOCK',
  'SystemRoot',
  'SYSTEMROOT',
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'HOMEDRIVE',
  'HOMEPATH',
  'ProgramData',
  'TEMP',
  'TMP'
]

/**
 * The environment git runs with: only what it needs to run and reach the remote (no GIT_*
 * variables from a hook or a terminal that could point it at another repository, no editor or
 * pager), in the C locale so its messages read the same on every machine.
 */
function ambientEnv(): Record<string, string> {
  const env: Record<string, string> = { LC_ALL: 'C', LANG: 'C' }
  for (const key of PASSED_THROUGH) {
    const value = process.env[key]
    if (value !== undefined) env[key] = value
  }
  return env
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
