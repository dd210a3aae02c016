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

/**
 * Computes the cumulative prefix hashes of a request, seeded with the model because caches are
 * model-scoped. Markers are not content, so they are never part of a hash — which is what lets
 * the next call find this call's entries.
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
  const hashes: string[] = []
  const tokens: number[] = []
  let hash = sha256(`model|${model}`)
  let sum = 0
  for (const text of canonical) {
    hash = sha256(`${hash}\u001f${text}`)
    sum += estimateTokens(text)
    hashes.push(hash)
    tokens.push(sum)
  }
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
