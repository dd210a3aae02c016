/**
 * The Hamming scan in WebAssembly SIMD: sixteen bytes of sign bits a step (`i8x16.popcnt`), where
 * JavaScript counts four bytes in a dozen integer operations. The module is a few dozen bytes,
 * assembled below from named opcodes; its text form:
 *
 *   (func (export "scan") (param $codes $stride $chunks $count $query $out i32)
 *     (local $p $q $c i32) (local $acc $sum v128)
 *     block  (br_if 0 (i32.eqz $count))
 *       loop  ;; each item: $chunks × 16 bytes from $codes, then $codes += $stride
 *         $acc = 0;  $p = $codes;  $q = $query;  $c = $chunks
 *         loop  $acc = i8x16.add($acc, i8x16.popcnt(v128.xor(load $p, load $q)));  $p += 16;  $q += 16
 *           br_if 0 (--$c)  end
 *         $sum = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u($acc))
 *         i32.store16 $out (lane 0 + lane 1 + lane 2 + lane 3 of $sum);  $out += 2;  $codes += $stride
 *         br_if 0 (--$count)  end  end)
 *
 * Byte counts are added in byte lanes, so an item may have at most 31 chunks (31 × 8 < 256):
 * 3,968 dimensions. Larger models, and engines without SIMD, use the JavaScript scan.
 */

const I32 = 0x7f
const V128 = 0x7b
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  brIf: (depth: number) => [0x0d, depth],
  get: (local: number) => [0x20, local],
  set: (local: number) => [0x21, local],
  tee: (local: number) => [0x22, local],
  i32Const: (value: number) => [0x41, value], // values used here are below 64: one LEB128 byte
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32Eqz: [0x45],
  i32Store16: [0x3b, 1, 0], // align 2^1, offset 0
  v128Load: [0xfd, 0x00, 0, 0], // align 2^0, offset 0
  v128Zero: [0xfd, 0x0c, ...new Array<number>(16).fill(0)],
  v128Xor: [0xfd, 0x51],
  i8x16Popcnt: [0xfd, 0x62],
  i8x16Add: [0xfd, 0x6e],
  i16x8ExtaddPairwiseU: [0xfd, 0x7d],
  i32x4ExtaddPairwiseU: [0xfd, 0x7f],
  i32x4ExtractLane: (lane: number) => [0xfd, 0x1b, lane]
} as const

// Parameters, then locals, by index.
const [CODES, STRIDE, CHUNKS, COUNT, QUERY, OUT, P, Q, C, ACC, SUM] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
] as const

function scanBody(): number[] {
  // prettier-ignore
  const laneSum = [
    ...op.get(SUM), ...op.i32x4ExtractLane(0),
    ...op.get(SUM), ...op.i32x4ExtractLane(1), ...op.i32Add,
    ...op.get(SUM), ...op.i32x4ExtractLane(2), ...op.i32Add,
    ...op.get(SUM), ...op.i32x4ExtractLane(3), ...op.i32Add
  ]
  // prettier-ignore
  const chunk = [
    ...op.get(ACC), ...op.get(P), ...op.v128Load, ...op.get(Q), ...op.v128Load,
    ...op.v128Xor, ...op.i8x16Popcnt, ...op.i8x16Add, ...op.set(ACC),
    ...op.get(P), ...op.i32Const(16), ...op.i32Add, ...op.set(P),
    ...op.get(Q), ...op.i32Const(16), ...op.i32Add, ...op.set(Q),
    ...op.get(C), ...op.i32Const(1), ...op.i32Sub, ...op.tee(C), ...op.brIf(0)
  ]
  // prettier-ignore
  const item = [
    ...op.v128Zero, ...op.set(ACC), ...op.get(CODES), ...op.set(P), ...op.get(QUERY), ...op.set(Q),
    ...op.get(CHUNKS), ...op.set(C),
    ...op.loop, ...chunk, ...op.end,
    ...op.get(ACC), ...op.i16x8ExtaddPairwiseU, ...op.i32x4ExtaddPairwiseU, ...op.set(SUM),
    ...op.get(OUT), ...laneSum, ...op.i32Store16,
    ...op.get(OUT), ...op.i32Const(2), ...op.i32Add, ...op.set(OUT),
    ...op.get(CODES), ...op.get(STRIDE), ...op.i32Add, ...op.set(CODES),
    ...op.get(COUNT), ...op.i32Const(1), ...op.i32Sub, ...op.tee(COUNT), ...op.brIf(0)
  ]
  const locals = [2, 3, I32, 2, V128]
  // prettier-ignore
  return [
    ...locals, ...op.block, ...op.get(COUNT), ...op.i32Eqz, ...op.brIf(0), ...op.loop, ...item, ...op.end,
    ...op.end, ...op.end
  ]
}

/** Unsigned LEB128, as section and body sizes are written. */
function leb(value: number): number[] {
  const out: number[] = []
  do {
    let byte = value & 0x7f
    value >>>= 7
    if (value !== 0) byte |= 0x80
    out.push(byte)
  } while (value !== 0)
  return out
}

const name = (text: string): number[] => [text.length, ...[...text].map((ch) => ch.charCodeAt(0))]
const section = (id: number, content: number[]): number[] => [id, ...leb(content.length), ...content]

function moduleBytes(): Uint8Array {
  const body = scanBody()
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 6, I32, I32, I32, I32, I32, I32, 0]), // (i32 × 6) -> ()
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 0x00]), // imported memory, min 0
    ...section(3, [1, 0]),
    ...section(7, [1, ...name('scan'), 0x00, 0]),
    ...section(10, [1, ...leb(body.length), ...body])
  ])
}

/** The part of the WebAssembly API used here (the Node typings this project builds with do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean
  readonly Module: new (bytes: Uint8Array) => object
  readonly Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> }
  readonly Memory: new (descriptor: { initial: number }) => WasmMemory
}

const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly

/** The compiled module, or null where WebAssembly SIMD is not available. */
const compiled: object | null = (() => {
  try {
    const bytes = moduleBytes()
    return wasm?.validate(bytes) ? new wasm.Module(bytes) : null
  } catch {
    // No WebAssembly here (or it refused the module): the JavaScript scan answers instead.
    return null
  }
})()

const MAX_CHUNKS = 31
const PAGE = 65536

type Scan = (codes: number, stride: number, chunks: number, count: number, query: number, out: number) => void

/**
 * Sign bits of up to `capacity` items, `words` 32-bit words each, held in WebAssembly memory
 * laid out as [codes | query | distances], so the scan reads them where JavaScript wrote them.
 */
export class SimdCodes {
  readonly codes: Uint32Array<ArrayBuffer>
  private readonly query: Uint32Array
  private readonly out: Uint16Array
  private readonly queryAt: number
  private readonly outAt: number

  private constructor(
    private readonly scan: Scan,
    memory: WasmMemory,
    readonly words: number,
    capacity: number
  ) {
    this.queryAt = capacity * words * 4
    this.outAt = this.queryAt + words * 4
    this.codes = new Uint32Array(memory.buffer, 0, capacity * words)
    this.query = new Uint32Array(memory.buffer, this.queryAt, words)
    this.out = new Uint16Array(memory.buffer, this.outAt, capacity)
  }

  /** Room for `capacity` items of `words` words; null when the scan cannot serve that size (or no SIMD). */
  static create(words: number, capacity: number): SimdCodes | null {
    if (wasm === undefined || compiled === null || words % 4 !== 0 || words / 4 > MAX_CHUNKS) return null
    const bytes = capacity * words * 4 + words * 4 + capacity * 2
    let memory: WasmMemory
    try {
      memory = new wasm.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) })
    } catch {
      // More than WebAssembly memory may hold (gigabytes of vectors): a plain array holds them instead.
      return null
    }
    const instance = new wasm.Instance(compiled, { env: { memory } })
    return new SimdCodes(instance.exports.scan as Scan, memory, words, capacity)
  }

  /** Whether a scan of the first `used` words can run here (whole 16-byte chunks). */
  serves(used: number): boolean {
    return used % 4 === 0 && used > 0 && used <= this.words
  }

  /** Distances of the first `count` items' first `used` words to the query's; valid until the next call. */
  distances(query: Uint32Array, used: number, count: number): Uint16Array {
    this.query.set(query.subarray(0, this.words))
    this.scan(0, this.words * 4, used / 4, count, this.queryAt, this.outAt)
    return this.out.subarray(0, count)
  }
}
