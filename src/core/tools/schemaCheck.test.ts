import { describe, expect, it } from 'vitest'
import { checkArguments } from './argumentCheck'
import { checkToolSchema } from './schemaCheck'

describe('checkToolSchema', () => {
  it('accepts a typical tool schema', () => {
    expect(
      checkToolSchema({
        type: 'object',
        properties: {
          repo: { type: 'string', description: 'owner/name', pattern: '^[^/]+/[^/]+$' },
          labels: { type: 'array', items: { type: 'string' }, maxItems: 10 },
          state: { type: 'string', enum: ['open', 'closed'] },
          when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
          meta: { type: 'object', additionalProperties: { type: ['string', 'number'] } }
        },
        required: ['repo'],
        additionalProperties: false,
        $defs: { id: { type: 'integer', minimum: 1 } }
      })
    ).toEqual([])
  })

  it('requires a root object schema', () => {
    expect(checkToolSchema(null)).toEqual(['input schema must be a JSON object'])
    expect(checkToolSchema({ type: 'array' })).toEqual(['input schema: root "type" must be "object"'])
  })

  it('reports each malformed keyword with its path', () => {
    const problems = checkToolSchema({
      type: 'object',
      properties: { x: { type: 'strin' }, y: { type: 'array', items: 'string' }, z: { enum: [] } },
      required: 'x',
      minProperties: -1
    })
    expect(problems).toEqual([
      '$.required: must be a list of property names',
      '$.minProperties: must be a non-negative integer',
      '$.properties.x.type: must be one of object, array, string, number, integer, boolean, null (or a list of them)',
      '$.properties.y.items: a schema must be an object or a boolean',
      '$.properties.z.enum: must be a non-empty list'
    ])
  })

  it('rejects an invalid pattern, a duplicate required name and runaway nesting', () => {
    expect(checkToolSchema({ type: 'object', properties: { p: { type: 'string', pattern: '([' } } })).toEqual(
      ['$.properties.p.pattern: is not a valid regular expression']
    )
    expect(checkToolSchema({ type: 'object', required: ['a', 'a'] })).toEqual([
      '$.required: lists a property twice'
    ])
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { n: deep } }
    expect(checkToolSchema(deep).some((p) => p.includes('nested deeper than 32 levels'))).toBe(true)
  })
})

describe('checkArguments', () => {
  const schema = {
    type: 'object',
    properties: {
      repo: { type: 'string', minLength: 3 },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      state: { type: 'string', enum: ['open', 'closed'] },
      labels: { type: 'array', items: { type: 'string' } },
      due: { anyOf: [{ type: 'string' }, { type: 'null' }] }
    },
    required: ['repo'],
    additionalProperties: false
  }

  it('accepts valid arguments', () => {
    expect(
      checkArguments(schema, { repo: 'a/b', limit: 5, state: 'open', labels: ['x'], due: null })
    ).toEqual([])
  })

  it('names every problem with its path', () => {
    expect(
      checkArguments(schema, { limit: 0, state: 'merged', labels: ['x', 3], extra: true, due: 4 })
    ).toEqual([
      'arguments.repo: is required',
      'arguments.limit: must be ≥ 1',
      'arguments.state: must be one of "open", "closed"',
      'arguments.labels[1]: expected string, got integer',
      'arguments.extra: is not a known parameter (allowed: repo, limit, state, labels, due)',
      'arguments.due: matches none of the allowed shapes (anyOf)'
    ])
  })

  it('checks types strictly (integer vs number, array vs object)', () => {
    expect(checkArguments(schema, { repo: 'abc', limit: 1.5 })).toEqual([
      'arguments.limit: expected integer, got number'
    ])
    expect(checkArguments({ type: 'object' }, [])).toEqual(['arguments: expected object, got array'])
  })
})
