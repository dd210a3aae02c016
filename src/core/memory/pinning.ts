import { existsSync, rmSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import type {
  FactPin,
  MemoryTarget,
  MemoryToolResult,
  PinDestination,
  PinOutcome
} from '../../shared/contract/memory'
import type { Fact } from '../../shared/contract/review'
import { conflict, HearthError, notFound } from '../errors'
import { writeFileAtomic } from '../home/atomicWrite'
import type { HomePaths } from '../home/homePaths'
import { mkdirPrivate } from '../home/privateFiles'
import type { FactStore } from './factStore'
import { renderMemoryFile, sanitiseSlug } from './memoryFileFormat'
import type { MemoryFileStore } from './memoryFileStore'
import type { MemoryFiles } from './memoryFiles'
import { scanRefusal, type ThreatScanner } from './memoryOperations'
import type { MemoryTool } from './memoryTool'
import { entryRefusal, PIN_TEXT } from './pinMessages'
import { placeName, standingPins, type PinDetail, type PinRecord } from './pinRecords'
import type { AgentId } from '../../shared/contract'

export interface PinningDeps {
  readonly paths: HomePaths
  readonly facts: FactStore
  /** Writes go through the memory tool, so its budget, scan, duplicate and drift rules apply. */
  readonly tool: MemoryTool
  /** MEMORY.md / USER.md as the tool reads them. */
  readonly entries: MemoryFiles
  readonly memoryFiles: MemoryFileStore
  readonly scan: ThreatScanner
}

export interface Unpinned {
  readonly message: string
  readonly result: MemoryToolResult | null
}

/**
 * Pins an approved fact where the agent will always see it: into MEMORY.md / USER.md as an entry,
 * or into its own memory file with an index line in MEMORY.md; says where each fact is pinned;
 * and takes a pin back. A pin is recorded in the fact's history, and counts only while what it
 * wrote is still there.
 */
export class Pinning {
  constructor(private readonly deps: PinningDeps) {}

  async pin(factId: number, to: PinDestination, slug?: string): Promise<PinOutcome> {
    const fact = this.deps.facts.get(factId)
    if (!fact) throw notFound(`No memory fact with id ${factId}.`)
    if (fact.status !== 'approved')
      throw conflict(`Only approved facts can be pinned; fact ${factId} is ${fact.status}.`)
    const already = this.standing(fact.agentId).find((pin) => pin.factId === factId && pin.to === to)
    if (already) return refused(PIN_TEXT.alreadyPinned(placeName(to, already.slug)), already.path)
    return to === 'file' ? this.pinToFile(fact, slug) : this.pinToEntry(fact, to)
  }

  /** Where the agent's facts are pinned now. */
  pins(agentId: AgentId): FactPin[] {
    return this.standing(agentId).map((pin) => ({
      factId: pin.factId,
      to: pin.to,
      place: placeName(pin.to, pin.slug),
      path: pin.path,
      atMs: pin.atMs
    }))
  }

  async unpin(factId: number, from: PinDestination): Promise<Unpinned> {
    const fact = this.deps.facts.get(factId)
    if (!fact) throw notFound(`No memory fact with id ${factId}.`)
    const pin = this.standing(fact.agentId).find((p) => p.factId === factId && p.to === from)
    if (!pin) throw notFound(PIN_TEXT.notPinned(factId, from))
    const unpinned = pin.to === 'file' ? await this.unpinFile(fact, pin) : await this.unpinEntry(fact, pin)
    this.deps.facts.update(fact.id, {}, 'unpinned', { destination: pin.to, path: pin.path })
    return unpinned
  }

  private async pinToEntry(fact: Fact, target: MemoryTarget): Promise<PinOutcome> {
    const content = fact.text.trim()
    const place = placeName(target, null)
    const path = this.deps.entries.path(fact.agentId, target)
    // A dry run first, with the tool's own checks, so a refusal speaks to the user rather than to a model.
    const snapshot = this.deps.entries.read(fact.agentId, target)
    const refusal = entryRefusal(snapshot, content, place, this.deps.scan)
    if (refusal !== null) return refused(refusal, path)
    const { result, receipt } = await this.write(fact, { action: 'add', target, content })
    if (!result.success) return refused(result.error ?? PIN_TEXT.notPinned(fact.id, target), path, result)
    if (receipt === null) return refused(PIN_TEXT.alreadyEntry(content, place), path, result)
    const pin = this.record(fact, { destination: target, path, entry: content }, place)
    return { success: true, message: PIN_TEXT.pinnedEntry(place), path, result, pin }
  }

  private async pinToFile(fact: Fact, requestedSlug: string | undefined): Promise<PinOutcome> {
    const blocked = scanRefusal(fact.text, this.deps.scan)
    if (blocked !== null) return refused(blocked, null)
    const dir = this.deps.paths.memoriesDir(fact.agentId)
    const path = uniquePath(
      dir,
      sanitiseSlug(requestedSlug ?? fact.text.split(/\s+/).slice(0, 8).join(' '), `fact-${fact.id}`)
    )
    const slug = relative(dir, path).replace(/\.md$/, '')
    const place = placeName('file', slug)
    const description = fact.text.length > 120 ? `${fact.text.slice(0, 117)}...` : fact.text
    const source = fact.sessionId
      ? `session ${fact.sessionId}, message ${fact.messageId ?? '?'} (fact ${fact.id})`
      : `fact ${fact.id}`
    const indexLine = `${place}: ${description}`
    const snapshot = this.deps.entries.read(fact.agentId, 'memory')
    const refusal = snapshot.entries.includes(indexLine)
      ? null
      : entryRefusal(snapshot, indexLine, 'MEMORY.md', this.deps.scan)
    if (refusal !== null) return refused(PIN_TEXT.noIndexLine(refusal), null)
    mkdirPrivate(dir)
    writeFileAtomic(path, renderMemoryFile({ name: slug, description, type: fact.type, source }, fact.text))
    const fileHash = this.deps.memoryFiles.read(fact.agentId, slug).hash
    const { result } = await this.write(fact, { action: 'add', target: 'memory', content: indexLine })
    if (!result.success) {
      // All or nothing: a memory file the agent's notes cannot point at is taken back.
      rmSync(path, { force: true })
      return refused(PIN_TEXT.noIndexLine(result.error ?? ''), null, result)
    }
    const pin = this.record(fact, { destination: 'file', path, entry: indexLine, fileHash }, place)
    return { success: true, message: PIN_TEXT.pinnedFile(place), path, result, pin }
  }

  private async unpinEntry(fact: Fact, pin: PinRecord): Promise<Unpinned> {
    const place = placeName(pin.to, null)
    const target: MemoryTarget = pin.to === 'user' ? 'user' : 'memory'
    const { result } = await this.write(fact, { action: 'remove', target, old_text: pin.entry ?? fact.text })
    if (!result.success) throw conflict(PIN_TEXT.entryNotRemoved(place, result.error ?? ''))
    return { message: PIN_TEXT.unpinnedEntry(place), result }
  }

  private async unpinFile(fact: Fact, pin: PinRecord): Promise<Unpinned> {
    const slug = pin.slug ?? ''
    const place = placeName('file', slug)
    let result: MemoryToolResult | null = null
    const index = pin.entry
    if (index !== null && this.deps.entries.read(fact.agentId, 'memory').entries.includes(index)) {
      result = (await this.write(fact, { action: 'remove', target: 'memory', old_text: index })).result
      if (!result.success) throw conflict(PIN_TEXT.entryNotRemoved('MEMORY.md', result.error ?? ''))
    }
    const untouched =
      pin.fileHash !== null && this.deps.memoryFiles.read(fact.agentId, slug).hash === pin.fileHash
    if (!untouched) {
      this.deps.memoryFiles.forget(fact.agentId, slug)
      return { message: PIN_TEXT.unpinnedChangedFile(place), result }
    }
    rmSync(pin.path)
    return { message: PIN_TEXT.unpinnedFile(place), result }
  }

  private write(
    fact: Fact,
    request: { action: 'add' | 'remove'; target: MemoryTarget; content?: string; old_text?: string }
  ): ReturnType<MemoryTool['execute']> {
    return this.deps.tool.execute(request, { agentId: fact.agentId, sessionId: null, origin: 'pin' })
  }

  private record(fact: Fact, detail: PinDetail, place: string): FactPin {
    const updated = this.deps.facts.update(fact.id, {}, 'pinned', { ...detail })
    return { factId: fact.id, to: detail.destination, place, path: detail.path, atMs: updated.updatedAtMs }
  }

  /** The pins of the agent's facts whose entry or file is still there. */
  private standing(agentId: AgentId): PinRecord[] {
    const entries = new Map<MemoryTarget, readonly string[]>()
    const entriesOf = (target: MemoryTarget): readonly string[] => {
      const known = entries.get(target)
      if (known !== undefined) return known
      const read = this.deps.entries.read(agentId, target).entries
      entries.set(target, read)
      return read
    }
    return standingPins(this.deps.facts.pinEvents(agentId), this.deps.paths, agentId).filter((pin) =>
      pin.to === 'file'
        ? existsSync(pin.path)
        : pin.entry !== null && entriesOf(pin.to === 'user' ? 'user' : 'memory').includes(pin.entry)
    )
  }
}

function refused(message: string, path: string | null, result: MemoryToolResult | null = null): PinOutcome {
  return { success: false, message, path, result, pin: null }
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
