import { KnowledgeKind } from '../../../shared/contract/knowledge'
import type { SearchScope } from '../searchScope'
import type { QuantisedVector } from './quantize'
import { SimdCodes } from './simdHamming'

/** Who may see an item, as the search's privacy rule reads it (see `SearchScope`). */
export interface ItemAccess {
  readonly kind: KnowledgeKind
  readonly audience: string
  readonly agentId: string | null
}

const AUDIENCES = ['everyone', 'agent', 'user'] as const

/**
 * Every stored vector in memory, in dense typed arrays indexed by slot: its sign bits (as 32-bit
 * words, for the Hamming prefilter), its int8 components and scale (for the rerank), and who may
 * see the item, so a search touches no SQLite row until it has its few dozen hits. A removed slot
 * is filled with the last one, so the arrays stay dense.
 */
export class VectorSlots {
  count = 0
  /** 32-bit words of sign bits per item, and int8 components per item; fixed by the first vector. */
  words = 0
  dims = 0
  ids = new Int32Array(0)
  codes = new Uint32Array(0)
  /** Where `codes` lives when the SIMD scan can read it (null: the JavaScript scan reads it). */
  simd: SimdCodes | null = null
  q8 = new Int8Array(0)
  scales = new Float32Array(0)
  kinds = new Uint8Array(0)
  audiences = new Uint8Array(0)
  /** The owning agent as a small number (0: none); see `agentCode`. */
  agents = new Uint16Array(0)
  private reserved = 0
  private readonly slots = new Map<number, number>()
  private readonly agentCodes = new Map<string, number>()

  has(id: number): boolean {
    return this.slots.has(id)
  }

  /** Stores (or replaces) an item's vector; false when its size differs from the others'. */
  set(id: number, vector: QuantisedVector, access: ItemAccess): boolean {
    const words = Math.ceil(vector.bits.length / 4)
    if (this.count === 0 && this.slots.size === 0) {
      this.words = words
      this.dims = vector.q8.length
    }
    if (words !== this.words || vector.q8.length !== this.dims) return false
    let slot = this.slots.get(id)
    if (slot === undefined) {
      slot = this.count++
      this.slots.set(id, slot)
      this.grow()
    }
    this.ids[slot] = id
    // The bits' bytes straight into the words (little-endian, as `packWords` lays out the query's).
    const bytes = new Uint8Array(this.codes.buffer, this.codes.byteOffset + slot * words * 4, words * 4)
    bytes.fill(0)
    bytes.set(vector.bits)
    this.q8.set(vector.q8, slot * this.dims)
    this.scales[slot] = vector.scale
    this.kinds[slot] = Math.max(0, KnowledgeKind.options.indexOf(access.kind))
    this.audiences[slot] = Math.max(0, AUDIENCES.indexOf(access.audience as (typeof AUDIENCES)[number]))
    this.agents[slot] = this.agentCode(access.agentId)
    return true
  }

  /** Forgets an item's vector: the last slot moves into its place. */
  delete(id: number): void {
    const slot = this.slots.get(id)
    if (slot === undefined) return
    this.slots.delete(id)
    const last = --this.count
    if (slot !== last) {
      const moved = this.ids[last] as number
      this.ids[slot] = moved
      this.slots.set(moved, slot)
      this.codes.copyWithin(slot * this.words, last * this.words, (last + 1) * this.words)
      this.q8.copyWithin(slot * this.dims, last * this.dims, (last + 1) * this.dims)
      this.scales[slot] = this.scales[last] as number
      this.kinds[slot] = this.kinds[last] as number
      this.audiences[slot] = this.audiences[last] as number
      this.agents[slot] = this.agents[last] as number
    }
  }

  /**
   * The scope as a test on slots, or null when it lets everything through. An agent unknown
   * here owns no stored item, so only what everyone may see passes for it.
   */
  filter(scope: SearchScope): ((slot: number) => boolean) | null {
    const kinds = scope.kinds && scope.kinds.length > 0 ? scope.kinds : null
    const publicOnly = scope.publicOnly === true
    if (!kinds && !publicOnly && scope.agentId === undefined) return null
    const kindOk = new Uint8Array(KnowledgeKind.options.length).fill(kinds ? 0 : 1)
    for (const kind of kinds ?? []) kindOk[KnowledgeKind.options.indexOf(kind)] = 1
    const everyone = AUDIENCES.indexOf('everyone')
    const agent = AUDIENCES.indexOf('agent')
    const owner = scope.agentId === undefined ? -1 : (this.agentCodes.get(scope.agentId) ?? -1)
    const { kinds: kindOf, audiences, agents } = this
    return (slot) => {
      if (kindOk[kindOf[slot] as number] === 0) return false
      const audience = audiences[slot] as number
      if (publicOnly) return audience === everyone
      if (scope.agentId === undefined) return true
      return audience === everyone || (audience === agent && agents[slot] === owner)
    }
  }

  private agentCode(agentId: string | null): number {
    if (agentId === null) return 0
    let code = this.agentCodes.get(agentId)
    if (code === undefined) {
      code = this.agentCodes.size + 1
      this.agentCodes.set(agentId, code)
    }
    return code
  }

  /** Room for `items` without growing again (a load that knows how many vectors are stored). */
  reserve(items: number): void {
    this.reserved = items
    if (this.words > 0 && this.ids.length < items) this.resize(items)
  }

  /** Room for `count` items, doubling so a build of many items copies the arrays a few times only. */
  private grow(): void {
    if (this.ids.length >= this.count) return
    this.resize(Math.max(1024, this.ids.length * 2, this.reserved))
  }

  private resize(size: number): void {
    this.ids = resized(this.ids, size, Int32Array)
    this.simd = SimdCodes.create(this.words, size)
    const codes = this.simd?.codes ?? new Uint32Array(size * this.words)
    codes.set(this.codes)
    this.codes = codes
    this.q8 = resized(this.q8, size * this.dims, Int8Array)
    this.scales = resized(this.scales, size, Float32Array)
    this.kinds = resized(this.kinds, size, Uint8Array)
    this.audiences = resized(this.audiences, size, Uint8Array)
    this.agents = resized(this.agents, size, Uint16Array)
  }
}

type TypedArray = Int32Array | Uint32Array | Int8Array | Float32Array | Uint8Array | Uint16Array

function resized<T extends TypedArray>(array: T, length: number, make: new (length: number) => T): T {
  const next = new make(length)
  next.set(array as never)
  return next
}
