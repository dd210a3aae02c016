import { existsSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import type { MemoryTarget, MemoryToolResult, PinDestination } from '../../shared/contract/memory'
import type { Fact } from '../../shared/contract/review'
import { conflict, HearthError, notFound } from '../errors'
import { writeFileAtomic } from '../home/atomicWrite'
import type { HomePaths } from '../home/homePaths'
import type { FactStore } from './factStore'
import { renderMemoryFile, sanitiseSlug } from './memoryFileFormat'
import type { MemoryTool } from './memoryTool'
import { mkdirPrivate } from '../home/privateFiles'

export interface PinOutcome {
  readonly success: boolean
  readonly message: string
  readonly path: string | null
  readonly result: MemoryToolResult | null
}

/**
 * Pins an approved fact where the agent will always see it: into MEMORY.md / USER.md (through
 * the memory tool, so the budget, duplicate and scan rules apply) or into its own memory file
 * with an index line in MEMORY.md.
 */
export class Pinning {
  constructor(
    private readonly paths: HomePaths,
    private readonly facts: FactStore,
    private readonly tool: MemoryTool
  ) {}

  async pin(factId: number, to: PinDestination, slug?: string): Promise<PinOutcome> {
    const fact = this.facts.get(factId)
    if (!fact) throw notFound(`No memory fact with id ${factId}.`)
    if (fact.status !== 'approved')
      throw conflict(`Only approved facts can be pinned; fact ${factId} is ${fact.status}.`)
    return to === 'file' ? this.pinToFile(fact, slug) : this.pinToEntry(fact, to)
  }

  private async pinToEntry(fact: Fact, target: MemoryTarget): Promise<PinOutcome> {
    const { result } = await this.tool.execute(
      { action: 'add', target, content: fact.text },
      { agentId: fact.agentId, sessionId: null, origin: 'pin' }
    )
    const path = target === 'user' ? this.paths.user : this.paths.memory(fact.agentId)
    if (result.success) this.facts.update(fact.id, {}, 'pinned', { path })
    return {
      success: result.success,
      message: result.success
        ? `Pinned into ${target === 'user' ? 'USER.md' : 'MEMORY.md'}.`
        : (result.error ?? 'Not pinned.'),
      path,
      result
    }
  }

  private async pinToFile(fact: Fact, requestedSlug: string | undefined): Promise<PinOutcome> {
    const dir = this.paths.memoriesDir(fact.agentId)
    const path = uniquePath(
      dir,
      sanitiseSlug(requestedSlug ?? fact.text.split(/\s+/).slice(0, 8).join(' '), `fact-${fact.id}`)
    )
    const slug = relative(dir, path).replace(/\.md$/, '')
    const description = fact.text.length > 120 ? `${fact.text.slice(0, 117)}...` : fact.text
    const source = fact.sessionId
      ? `session ${fact.sessionId}, message ${fact.messageId ?? '?'} (fact ${fact.id})`
      : `fact ${fact.id}`
    mkdirPrivate(dir)
    writeFileAtomic(path, renderMemoryFile({ name: slug, description, type: fact.type, source }, fact.text))
    const indexLine = `memories/${slug}.md: ${description}`
    const { result } = await this.tool.execute(
      { action: 'add', target: 'memory', content: indexLine },
      { agentId: fact.agentId, sessionId: null, origin: 'pin' }
    )
    this.facts.update(fact.id, {}, 'pinned', { path })
    const message = result.success
      ? `Pinned into ${relative(this.paths.agentDir(fact.agentId), path)}, with an index line in MEMORY.md.`
      : `Pinned into ${relative(this.paths.agentDir(fact.agentId), path)}, but the index line was not added to MEMORY.md: ${result.error ?? ''}`
    return { success: true, message, path, result }
  }
}

/**
 * `<dir>/<slug>.md`, or `<slug>-2.md`… when taken. The containment check is belt and braces:
 * sanitiseSlug already makes escaping impossible, and this refuses loudly if that ever changes.
 */
function uniquePath(dir: string, slug: string): string {
  const root = resolve(dir)
  for (let n = 1; ; n++) {
    const candidate = resolve(join(root, `${n === 1 ? slug : `${slug}-${n}`}.md`))
    if (!candidate.startsWith(root + sep))
      throw new HearthError('forbidden', `The memory file name "${slug}" would leave ${root}.`)
    if (!existsSync(candidate)) return candidate
    if (n > 1000) throw conflict(`Too many memory files named ${slug}.`)
  }
}
