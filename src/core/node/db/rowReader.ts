import type { z } from 'zod'
import type { AgentId, MessageId, SessionId, TurnId } from '../../../shared/contract'
import { ownId } from '../../domain/ids'
import { HearthError } from '../../errors'

/**
 * Typed, checked access to one SQLite row where it crosses into the domain, instead of an
 * unchecked `as SomeRow` on whatever better-sqlite3 returned. A column of the wrong type (a
 * damaged file, a schema drift, a bug) fails here with the table and column named, not later as
 * a wrong value deep in a feature. Plain checks rather than a schema library: rows are read by
 * the ten thousand (resuming a session, searching), so each check must cost next to nothing.
 */
export interface RowReader {
  text(column: string): string
  textOrNull(column: string): string | null
  int(column: string): number
  intOrNull(column: string): number | null
  real(column: string): number
  /** An INTEGER 0/1 column. */
  flag(column: string): boolean
  /** A TEXT column held to a list of values (usually the contract enum's options, which its CHECK repeats). */
  oneOf<T extends string>(column: string, options: readonly T[]): T
  oneOfOrNull<T extends string>(column: string, options: readonly T[]): T | null
  /** A TEXT column whose value has its own schema, e.g. a branded id. */
  parsed<S extends z.ZodType>(column: string, schema: S): z.output<S>
  parsedOrNull<S extends z.ZodType>(column: string, schema: S): z.output<S> | null
  /** A TEXT column holding JSON; the caller checks the shape of what it holds. */
  json(column: string): unknown
  /** A BLOB column (bytes kept as they were, e.g. a file before a write). */
  blobOrNull(column: string): Buffer | null
  /**
   * Id columns the core wrote itself: checked to be text and branded without their schema's
   * regex, so reading ten thousand rows costs no more than `text` would (see `ownId`).
   */
  agentId(column: string): AgentId
  sessionId(column: string): SessionId
  sessionIdOrNull(column: string): SessionId | null
  messageId(column: string): MessageId
  messageIdOrNull(column: string): MessageId | null
  turnId(column: string): TurnId
  turnIdOrNull(column: string): TurnId | null
}

/** Wraps one row of `table` (as returned by `.get()` or one item of `.all()`). */
export function readRow(row: unknown, table: string): RowReader {
  if (typeof row !== 'object' || row === null) throw damagedRow(table, 'the row', 'no row')
  return new CheckedRow(row as Readonly<Record<string, unknown>>, table)
}

/**
 * One object per row with its methods on the prototype: a resume reads ten thousand rows, and
 * a reader built from fresh closures for each would cost more than the checks themselves.
 */
class CheckedRow implements RowReader {
  constructor(
    protected readonly values: Readonly<Record<string, unknown>>,
    protected readonly table: string
  ) {}

  protected value(column: string): unknown {
    const found = this.values[column]
    if (found === undefined && !(column in this.values)) throw damagedRow(this.table, column, 'missing')
    return found
  }

  protected isNull(column: string): boolean {
    return this.value(column) === null
  }

  text(column: string): string {
    return expectType(this.table, column, this.value(column), 'string') as string
  }
  textOrNull(column: string): string | null {
    return this.isNull(column) ? null : this.text(column)
  }
  int(column: string): number {
    const found = this.value(column)
    if (!Number.isInteger(found))
      throw damagedRow(this.table, column, `expected an integer, found ${describe(found)}`)
    return found as number
  }
  intOrNull(column: string): number | null {
    return this.isNull(column) ? null : this.int(column)
  }
  real(column: string): number {
    return expectType(this.table, column, this.value(column), 'number') as number
  }
  flag(column: string): boolean {
    return this.int(column) !== 0
  }
  oneOf<T extends string>(column: string, options: readonly T[]): T {
    const found = this.text(column)
    if (!(options as readonly string[]).includes(found))
      throw damagedRow(this.table, column, `"${found}" is not one of ${options.join(', ')}`)
    return found as T
  }
  oneOfOrNull<T extends string>(column: string, options: readonly T[]): T | null {
    return this.isNull(column) ? null : this.oneOf(column, options)
  }
  parsed<S extends z.ZodType>(column: string, schema: S): z.output<S> {
    const result = schema.safeParse(this.value(column))
    if (!result.success) throw damagedRow(this.table, column, result.error.issues[0]?.message ?? 'invalid')
    return result.data
  }
  parsedOrNull<S extends z.ZodType>(column: string, schema: S): z.output<S> | null {
    return this.isNull(column) ? null : this.parsed(column, schema)
  }
  json(column: string): unknown {
    const text = this.text(column)
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw damagedRow(this.table, column, 'not valid JSON')
    }
  }
  blobOrNull(column: string): Buffer | null {
    const found = this.value(column)
    if (found === null || Buffer.isBuffer(found)) return found
    throw damagedRow(this.table, column, `expected a blob, found ${describe(found)}`)
  }
  agentId(column: string): AgentId {
    return ownId.agent(this.text(column))
  }
  sessionId(column: string): SessionId {
    return ownId.session(this.text(column))
  }
  sessionIdOrNull(column: string): SessionId | null {
    return this.isNull(column) ? null : this.sessionId(column)
  }
  /** A message id, stored as an integer (or, in `memory_facts`, as the text of one). */
  messageId(column: string): MessageId {
    const found = this.value(column)
    const id = typeof found === 'string' && /^[1-9][0-9]{0,15}$/.test(found) ? Number(found) : found
    if (!Number.isInteger(id) || (id as number) < 1)
      throw damagedRow(this.table, column, `expected a message id, found ${describe(found)}`)
    return ownId.message(id as number)
  }
  messageIdOrNull(column: string): MessageId | null {
    return this.isNull(column) ? null : this.messageId(column)
  }
  turnId(column: string): TurnId {
    return ownId.turn(this.text(column))
  }
  turnIdOrNull(column: string): TurnId | null {
    return this.isNull(column) ? null : this.turnId(column)
  }
}

/** Maps every row of a `.all()` result through `fromRow`. */
export function readRows<T>(rows: readonly unknown[], table: string, fromRow: (row: RowReader) => T): T[] {
  return rows.map((row) => fromRow(readRow(row, table)))
}

/**
 * The columns of a statement read in `.raw()` mode, in SELECT order. Bulk reads (a resume reads
 * ten thousand messages) take rows as arrays: better-sqlite3 builds an array far faster than an
 * object with named keys, and the reader still checks each column by name.
 */
export class TupleColumns {
  /** The SELECT list, so the statement and the reader name the same columns in the same order. */
  readonly list: string
  private readonly positions: ReadonlyMap<string, number>

  constructor(
    readonly table: string,
    readonly names: readonly string[]
  ) {
    this.list = names.join(', ')
    this.positions = new Map(names.map((name, position) => [name, position]))
  }

  position(column: string): number | undefined {
    return this.positions.get(column)
  }
}

/** A reader over one tuple at a time: `readTuples` points it at each row in turn. */
class CheckedTuple extends CheckedRow {
  private tuple: readonly unknown[] = []

  constructor(private readonly columns: TupleColumns) {
    super({}, columns.table)
  }

  at(tuple: unknown): this {
    if (!Array.isArray(tuple) || tuple.length !== this.columns.names.length)
      throw damagedRow(this.table, 'the row', `expected ${this.columns.names.length} columns`)
    this.tuple = tuple
    return this
  }

  protected override value(column: string): unknown {
    const position = this.columns.position(column)
    if (position === undefined) throw damagedRow(this.table, column, 'not selected')
    return this.tuple[position]
  }
}

/**
 * Maps every tuple of a `.raw().all()` result through `fromRow`. One reader serves every row,
 * so `fromRow` must copy what it needs out of it and never keep the reader itself.
 */
export function readTuples<T>(
  rows: readonly unknown[],
  columns: TupleColumns,
  fromRow: (row: RowReader) => T
): T[] {
  const reader = new CheckedTuple(columns)
  return rows.map((row) => fromRow(reader.at(row)))
}

/** Maps the row of a `.get()` result, or undefined when the statement found none. */
export function readOptionalRow<T>(
  row: unknown,
  table: string,
  fromRow: (row: RowReader) => T
): T | undefined {
  return row === undefined ? undefined : fromRow(readRow(row, table))
}

function expectType(table: string, column: string, found: unknown, type: 'string' | 'number'): unknown {
  if (typeof found !== type)
    throw damagedRow(
      table,
      column,
      `expected a ${type === 'string' ? 'text' : 'number'}, found ${describe(found)}`
    )
  return found
}

function describe(value: unknown): string {
  if (value === null) return 'NULL'
  if (Buffer.isBuffer(value)) return 'a blob'
  return typeof value === 'string' ? `text "${value.slice(0, 40)}"` : `${typeof value} ${String(value)}`
}

/** The error for a stored value that does not fit its column, naming both. */
export function damagedRow(table: string, column: string, problem: string): HearthError {
  return new HearthError('internal', `A stored row of ${table} is damaged (${column}: ${problem})`)
}
