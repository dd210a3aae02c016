import { closeSync, openSync, readSync } from 'node:fs'
import { endianness } from 'node:os'
import type { Db } from './openDatabase'

/**
 * The start of the wal-index (the `-shm` file): two copies of its header, 48 bytes each, then
 * the checkpoint information. SQLite documents this layout ("The WAL-Index Format") and keeps it
 * fixed, since every version of SQLite on a machine shares the file. Its integers are in the
 * machine's own byte order.
 */
const HEADER_BYTES = 136
/** `mxFrame`: the last frame committed to the log. */
const MAX_FRAME_AT = 16
/** `nBackfill`: the frames a checkpoint has already copied into the database. */
const BACKFILLED_AT = 96
/** `isInit`: the header has been written. */
const INIT_AT = 12
const LITTLE_ENDIAN = endianness() === 'LE'

/**
 * Frames in the write-ahead log that no checkpoint has folded into the database yet — what
 * SQLite's automatic checkpoint counts against its threshold — read from the wal-index that
 * SQLite shares between connections, so knowing it costs a read of 136 bytes and no lock.
 * 0 when there is no wal-index to read (not in WAL mode, an in-memory database).
 */
export function walFramesPending(db: Db): number {
  const header = Buffer.alloc(HEADER_BYTES)
  let fd: number
  try {
    fd = openSync(`${db.name}-shm`, 'r')
  } catch {
    return 0
  }
  try {
    if (readSync(fd, header, 0, HEADER_BYTES, 0) < HEADER_BYTES || header[INIT_AT] === 0) return 0
  } finally {
    closeSync(fd)
  }
  const read = (at: number): number => (LITTLE_ENDIAN ? header.readUInt32LE(at) : header.readUInt32BE(at))
  return Math.max(0, read(MAX_FRAME_AT) - read(BACKFILLED_AT))
}
