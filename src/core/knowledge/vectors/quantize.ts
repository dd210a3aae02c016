/**
 * How a vector is stored: normalised to unit length, then one sign bit per dimension (the
 * prefilter compares these by Hamming distance) and one int8 per dimension with a scale (the
 * rerank's dot product). int8 keeps about two decimal digits of each component, which leaves the
 * ranking of the few hundred prefiltered candidates as the float vectors would order them.
 */
export interface QuantisedVector {
  readonly bits: Uint8Array
  readonly q8: Int8Array
  readonly scale: number
}

/** The vector scaled to length 1; null for a zero or non-finite vector. */
export function unit(vector: ArrayLike<number>): Float32Array | null {
  let norm = 0
  for (let i = 0; i < vector.length; i++) {
    const value = vector[i] as number
    if (!Number.isFinite(value)) return null
    norm += value * value
  }
  if (norm === 0 || !Number.isFinite(norm)) return null
  const inverse = 1 / Math.sqrt(norm)
  const out = new Float32Array(vector.length)
  for (let i = 0; i < vector.length; i++) out[i] = (vector[i] as number) * inverse
  return out
}

export function quantise(unitVector: Float32Array): QuantisedVector {
  const dims = unitVector.length
  let max = 0
  for (let i = 0; i < dims; i++) max = Math.max(max, Math.abs(unitVector[i] as number))
  const scale = max === 0 ? 1 : max / 127
  const q8 = new Int8Array(dims)
  const bits = new Uint8Array(Math.ceil(dims / 8))
  for (let i = 0; i < dims; i++) {
    const value = unitVector[i] as number
    q8[i] = Math.round(value / scale)
    if (value > 0) bits[i >> 3] = (bits[i >> 3] as number) | (1 << (i & 7))
  }
  return { bits, q8, scale }
}

/** The query's sign bits, packed as the stored ones are. */
export function signBits(unitVector: Float32Array): Uint8Array {
  return quantise(unitVector).bits
}

/** Dot product of a float query with a stored int8 vector: the cosine, both being unit vectors. */
export function dotQ8(query: Float32Array, q8: Int8Array, scale: number): number {
  let sum = 0
  for (let i = 0; i < q8.length; i++) sum += (query[i] as number) * (q8[i] as number)
  return sum * scale
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number
    const y = b[i] as number
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}
