import { createHash } from 'node:crypto'
import { estimateTokens } from '../../../shared/util/tokens'
import type { BreakpointMark, RequestSections, ToolParam } from '../chatTypes'
import type { MarkerPlace, WireMessage } from '../turn/requestBuilder'
import type { SystemBlock } from './systemBlocks'

/** A request flattened the way the cache sees it: tools, then system, then every message block. */
export interface PrefixChain {
  /** Cumulative hash after each flat block. */
  readonly hashes: readonly string[]
  /** Cumulative estimated tokens after each flat block. */
  readonly tokens: readonly number[]
  readonly toolCount: number
  readonly systemCount: number
  /** Flat index of the first block of each wire message. */
  readonly messageStarts: readonly number[]
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Hash of the tool list as sent (sorted, frozen): a change means every cache entry is gone. */
export function hashTools(tools: readonly ToolParam[]): string {
  return sha256(JSON.stringify(tools))
}

export function hashText(text: string): string {
  return sha256(text)
}

/** A chain computed lately, with the flat texts it was computed from. */
interface KeptChain {
  readonly model: string
  readonly canonical: readonly string[]
  readonly hashes: readonly string[]
  readonly tokens: readonly number[]
}

/**
 * Chains kept for the next call: a chat's next call repeats every block of its last one and adds
 * a few, so only those are hashed. A few chats answer at once at most; each chain holds its
 * chat's text once more while kept.
 */
const CHAINS_KEPT = 4
const keptChains: KeptChain[] = []

/** How many leading flat texts `canonical` shares with a kept chain of the same model, and that chain. */
function longestKept(
  model: string,
  canonical: readonly string[]
): { chain: KeptChain; shared: number } | null {
  let best: { chain: KeptChain; shared: number } | null = null
  for (const chain of keptChains) {
    if (chain.model !== model) continue
    const most = Math.min(chain.canonical.length, canonical.length)
    let shared = 0
    while (shared < most && chain.canonical[shared] === canonical[shared]) shared++
    if (shared > (best?.shared ?? 0)) best = { chain, shared }
  }
  return best
}

/** Keeps `chain` first; one it extends is no longer needed. */
function keep(chain: KeptChain, extended: KeptChain | null): void {
  const at = extended === null ? -1 : keptChains.indexOf(extended)
  if (at >= 0) keptChains.splice(at, 1)
  keptChains.unshift(chain)
  keptChains.length = Math.min(keptChains.length, CHAINS_KEPT)
}

/**
 * Computes the cumulative prefix hashes of a request, seeded with the model because caches are
 * model-scoped. Markers are not content, so they are never part of a hash — which is what lets
 * the next call find this call's entries. The hashes of blocks a kept chain already has are
 * taken from it: each hash depends only on the texts before it, which are the same.
 */
export function prefixChain(
  model: string,
  tools: readonly ToolParam[],
  system: readonly SystemBlock[],
  wire: readonly WireMessage[]
): PrefixChain {
  const canonical: string[] = tools.map((tool) => `tool|${JSON.stringify(tool)}`)
  for (const block of system) canonical.push(`system|${block.text}`)
  const messageStarts: number[] = []
  for (const message of wire) {
    messageStarts.push(canonical.length)
    message.content.forEach((block, i) =>
      canonical.push(`${i === 0 ? message.role : ''}|${JSON.stringify(block)}`)
    )
  }
  const known = longestKept(model, canonical)
  const shared = known?.shared ?? 0
  const hashes: string[] = known ? known.chain.hashes.slice(0, shared) : []
  const tokens: number[] = known ? known.chain.tokens.slice(0, shared) : []
  let hash = hashes.at(-1) ?? sha256(`model|${model}`)
  let sum = tokens.at(-1) ?? 0
  for (const text of canonical.slice(shared)) {
    hash = sha256(`${hash}\u001f${text}`)
    sum += estimateTokens(text)
    hashes.push(hash)
    tokens.push(sum)
  }
  keep(
    { model, canonical, hashes, tokens },
    known && known.shared === known.chain.canonical.length ? known.chain : null
  )
  return { hashes, tokens, toolCount: tools.length, systemCount: system.length, messageStarts }
}

/** The flat position of a marker. */
export function markerPosition(chain: PrefixChain, marker: MarkerPlace): number {
  if (marker.kind === 'tools') return marker.blockIndex
  if (marker.kind === 'stable' || marker.kind === 'system') return chain.toolCount + marker.blockIndex
  return (chain.messageStarts[marker.messageIndex ?? 0] ?? 0) + marker.blockIndex
}

/** The fingerprints stored with a call so the next call (in any process) can explain its cache reads. */
export function requestSections(input: {
  model: string
  promptVersion: number
  tools: readonly ToolParam[]
  system: string
  chain: PrefixChain
  markers: readonly MarkerPlace[]
}): RequestSections {
  const breakpoints: BreakpointMark[] = input.markers.map((marker) => {
    const position = markerPosition(input.chain, marker)
    return {
      kind: marker.kind,
      position,
      hash: input.chain.hashes[position] ?? '',
      estimatedTokens: input.chain.tokens[position] ?? 0,
      ttl: marker.ttl,
      ...(marker.messageIndex === undefined
        ? {}
        : { messageIndex: marker.messageIndex, blockIndex: marker.blockIndex })
    }
  })
  return {
    model: input.model,
    toolsHash: hashTools(input.tools),
    systemHash: hashText(input.system),
    promptVersion: input.promptVersion,
    breakpoints,
    estimatedTotalTokens: input.chain.tokens.at(-1) ?? 0
  }
}
