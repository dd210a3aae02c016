import type { ImportProgress, ImportSource } from '../../shared/contract'
import type { ImportMeasure } from './importTypes'

/**
 * Progress against the total measured before the read: reading counts up to it; writing and
 * done report the whole read. Bytes are also given as such for a byte-measured source.
 */
export function progressEvent(
  source: ImportSource,
  { unit, total }: ImportMeasure,
  phase: ImportProgress['phase'],
  items: number,
  done: number
): ImportProgress {
  const at = phase === 'reading' ? Math.min(done, total) : total
  return {
    source,
    phase,
    items,
    bytes: unit === 'bytes' ? at : 0,
    totalBytes: unit === 'bytes' ? total : null,
    unit,
    done: at,
    total
  }
}
