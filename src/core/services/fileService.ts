import { createHash } from 'node:crypto'
import { existsSync, statSync, watch, type FSWatcher } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { FileDoc, FileTarget, InjectedView } from '../../shared/contract'
import { estimateTokens } from '../../shared/util/tokens'
import { conflict } from '../errors'
import type { EventHub } from '../events'
import { writeFileAtomic } from '../home/atomicWrite'
import { withFileLock } from '../home/fileLock'
import type { HomePaths } from '../home/homePaths'
import { readTextFile } from '../home/readText'
import { nodePromptFileSystem } from '../prompt/promptFileSystem'
import { checkProjectFolder } from '../prompt/projectFolder'
import { findProjectRules } from '../prompt/rulesFinder'
import { resolveSkillFile } from '../prompt/skillFiles'
import type { AgentService } from './agentService'
import { mkdirPrivate } from '../home/privateFiles'

/** Shows what the prompt would take from a file; provided by the prompt feature. */
export type InjectedViewProvider = (target: FileTarget, text: string, path: string) => InjectedView | null

/**
 * Reads, saves and watches the user-editable files. Saves are atomic and refuse to overwrite
 * a file that changed on disk since the editor loaded it (compare-and-swap on the content hash).
 */
export class FileService {
  private readonly watchers = new Map<string, FSWatcher>()
  private readonly lastHashes = new Map<string, string>()

  constructor(
    private readonly paths: HomePaths,
    private readonly agents: AgentService,
    private readonly events: EventHub,
    /** What the prompt would take from a file, shown beside it (absent: nothing is shown). */
    private readonly injectedView: InjectedViewProvider = () => null
  ) {}

  resolvePath(target: FileTarget): string {
    switch (target.kind) {
      case 'soul':
        this.agents.get(target.agentId)
        return this.paths.soul(target.agentId)
      case 'memory':
        this.agents.get(target.agentId)
        return this.paths.memory(target.agentId)
      case 'user':
        return this.paths.user
      case 'project-state':
        return join(this.paths.nexus, 'project-state.md')
      case 'rules':
        return resolveRulesFile(target.projectDir)
      case 'skill':
        return resolveSkillFile(this.paths.skills, target.path)
    }
  }

  read(target: FileTarget): FileDoc {
    const path = this.resolvePath(target)
    const result = readTextFile(path)
    const hash = result.ok ? sha256(result.bytes) : result.bytes ? sha256(result.bytes) : MISSING_HASH
    const mtimeMs = existsSync(path) ? statSync(path).mtimeMs : 0
    const content = result.ok ? result.text : ''
    this.lastHashes.set(path, hash)
    return {
      target,
      path,
      exists: result.ok || !result.missing,
      content,
      hash,
      mtimeMs,
      tokens: estimateTokens(content),
      readError: result.ok || result.missing ? null : result.reason,
      injected: result.ok ? this.injectedView(target, content, path) : null
    }
  }

  /**
   * A save from the editor. MEMORY.md and USER.md are saved under the same lock the memory tool
   * takes, so an editor save and an agent's write never interleave their read and write.
   */
  async save(target: FileTarget, content: string, baseHash: string, force = false): Promise<FileDoc> {
    if (target.kind === 'memory' || target.kind === 'user')
      return withFileLock(this.resolvePath(target), () => this.write(target, content, baseHash, force))
    return this.write(target, content, baseHash, force)
  }

  /** Saves atomically, refusing to overwrite a file that changed since `baseHash` was read. */
  write(target: FileTarget, content: string, baseHash: string, force = false): FileDoc {
    const current = this.read(target)
    if (!force && current.hash !== baseHash) {
      throw conflict(
        `${basename(current.path)} changed on disk after you opened it. Reload it, or save again to keep your version.`
      )
    }
    if (current.readError && !force) throw conflict(`${current.readError}. Refusing to overwrite it.`)
    mkdirPrivate(dirname(current.path))
    writeFileAtomic(
      current.path,
      content,
      target.kind === 'rules' ? projectFileMode(current.path) : undefined
    )
    const doc = this.read(target)
    this.events.emit('files.changed', { target, path: doc.path, hash: doc.hash })
    return doc
  }

  /** Watches the file's folder (atomic saves replace the inode, so a file watch would go blind). */
  watch(target: FileTarget): void {
    const path = this.resolvePath(target)
    if (this.watchers.has(path)) return
    const dir = dirname(path)
    if (!existsSync(dir)) mkdirPrivate(dir)
    const watcher = watch(dir, (_type, name) => {
      if (name !== null && name !== basename(path)) return
      this.checkChanged(target, path)
    })
    watcher.on('error', () => this.watchers.delete(path))
    this.watchers.set(path, watcher)
  }

  private checkChanged(target: FileTarget, path: string): void {
    const result = readTextFile(path)
    const hash = result.ok || result.bytes ? sha256(result.bytes ?? Buffer.alloc(0)) : MISSING_HASH
    if (this.lastHashes.get(path) === hash) return
    this.lastHashes.set(path, hash)
    this.events.emit('files.changed', { target, path, hash })
  }

  dispose(): void {
    for (const watcher of this.watchers.values()) watcher.close()
    this.watchers.clear()
  }
}

const MISSING_HASH = 'missing'

/** A project's rules file is the repository's, not Hearth's: it keeps its mode (a new one gets the usual 0644). */
function projectFileMode(path: string): number {
  return (statSync(path, { throwIfNoEntry: false })?.mode ?? 0o644) & 0o777
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The rules file the prompt would load for a project folder, or AGENTS.md (to be created) when it has none. */
export function resolveRulesFile(projectDir: string): string {
  const folder = checkProjectFolder(projectDir)
  // The same search the prompt assembler runs, so the editor opens the file the prompt loads.
  const found = findProjectRules(nodePromptFileSystem, folder).rules?.files[0]
  return found ? found.path : join(folder, 'AGENTS.md')
}
