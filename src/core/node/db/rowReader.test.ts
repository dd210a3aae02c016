import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { SessionId } from '../../../shared/contract/ids'
import { readOptionalRow, readRow, readRows, readTuples, TupleColumns } from './rowReader'

describe('checked row reads', () => {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, kind TEXT, data TEXT, blob BLOB)')
  db.prepare('INSERT INTO t (id, name, score, kind, data, blob) VALUES (?, ?, ?, ?, ?, ?)').run(
    1,
    'a',
    0.5,
    'fact',
    '{"x":1}',
    Buffer.from('b')
  )
  db.prepare('INSERT INTO t (id, name, score, kind, data, blob) VALUES (?, ?, ?, ?, ?, ?)').run(
    2,
    null,
    3,
    'other',
    'not json',
    null
  )
  const first = () => readRow(db.prepare('SELECT * FROM t WHERE id = 1').get(), 't')
  const second = () => readRow(db.prepare('SELECT * FROM t WHERE id = 2').get(), 't')

  it('reads each column as its type, list or schema says', () => {
    const row = first()
    expect([
      row.int('id'),
      row.text('name'),
      row.real('score'),
      row.oneOf('kind', ['fact', 'file']),
      row.json('data')
    ]).toEqual([1, 'a', 0.5, 'fact', { x: 1 }])
    expect(second().textOrNull('name')).toBeNull()
    expect(second().intOrNull('blob')).toBeNull()
    expect(readRow({ id: 's_1' }, 'sessions').parsed('id', SessionId)).toBe('s_1')
  })

  it('names the table and column of a damaged value instead of passing it on', () => {
    expect(() => second().text('name')).toThrow(
      'A stored row of t is damaged (name: expected a text, found NULL)'
    )
    expect(() => second().oneOf('kind', ['fact', 'file'])).toThrow('(kind: "other" is not one of fact, file)')
    expect(() => second().json('data')).toThrow('(data: not valid JSON)')
    expect(() => first().int('score')).toThrow('(score: expected an integer, found number 0.5)')
    expect(() => first().text('blob')).toThrow('found a blob')
    expect(() => first().text('missing')).toThrow('(missing: missing)')
    expect(() => readRow(undefined, 't')).toThrow('(the row: no row)')
    expect(() => readRow({ id: '' }, 'sessions').parsed('id', SessionId)).toThrow(/sessions is damaged \(id:/)
  })

  it('reads id columns as branded ids, checking only that they are text', () => {
    const row = readRow({ agent_id: 'ada', session_id: 's_1', turn_id: null, parent: 't_1' }, 'messages')
    const read = [row.agentId('agent_id'), row.sessionId('session_id'), row.turnIdOrNull('turn_id')]
    expect(read).toEqual(['ada', 's_1', null])
    expect([row.turnId('parent'), row.sessionIdOrNull('session_id')]).toEqual(['t_1', 's_1'])
    expect(() => row.agentId('turn_id')).toThrow('(turn_id: expected a text, found NULL)')
    expect(() => readRow({ session_id: 7 }, 'calls').sessionId('session_id')).toThrow(
      'A stored row of calls is damaged (session_id: expected a text, found number 7)'
    )
  })

  it('maps all rows, or the one a get() found', () => {
    expect(readRows(db.prepare('SELECT id FROM t ORDER BY id').all(), 't', (row) => row.int('id'))).toEqual([
      1, 2
    ])
    expect(
      readOptionalRow(db.prepare('SELECT id FROM t WHERE id = 9').get(), 't', (row) => row.int('id'))
    ).toBeUndefined()
  })

  it('reads raw tuples by column name, with the same checks', () => {
    const columns = new TupleColumns('t', ['id', 'name', 'kind'])
    const rows = db.prepare(`SELECT ${columns.list} FROM t ORDER BY id`).raw().all()
    const read = readTuples(rows, columns, (row) => [row.int('id'), row.textOrNull('name'), row.text('kind')])
    expect(read).toEqual([
      [1, 'a', 'fact'],
      [2, null, 'other']
    ])
    expect(() => readTuples(rows, columns, (row) => row.text('name'))).toThrow(
      'A stored row of t is damaged (name: expected a text, found NULL)'
    )
    expect(() => readTuples(rows, columns, (row) => row.int('score'))).toThrow('(score: not selected)')
    expect(() => readTuples([[1, 'a']], columns, (row) => row.int('id'))).toThrow(
      '(the row: expected 3 columns)'
    )
  })
})
