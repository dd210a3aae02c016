import { describe, expect, it } from 'vitest'
import { Bm25Index, tokenize } from './bm25'

const docs = [
  {
    name: 'mcp__devhub__create_issue',
    description: 'Create a new issue in a repository.',
    parameterNames: ['repo', 'title', 'body']
  },
  {
    name: 'mcp__devhub__list_issues',
    description: 'List issues in a repository; to create an issue use create_issue.',
    parameterNames: ['repo', 'state']
  },
  {
    name: 'mcp__workspace__create_calendar_event',
    description: 'Create a calendar event and invite attendees to a meeting.',
    parameterNames: ['summary', 'start', 'end', 'attendees']
  },
  {
    name: 'mcp__workspace__send_email',
    description: 'Send an email message. Mentions issue trackers, create flows and issue triage in passing.',
    parameterNames: ['to', 'subject', 'body']
  },
  {
    name: 'mcp__data__run_query',
    description: 'Run a SQL query against the warehouse.',
    parameterNames: ['sql', 'dry_run']
  }
]

describe('tokenize', () => {
  it('lower-cases and splits on anything that is not a letter or digit', () => {
    expect(tokenize('Create_Issue v2.0: FAST-path')).toEqual(['create', 'issue', 'v2', '0', 'fast', 'path'])
  })
})

describe('Bm25Index', () => {
  const index = new Bm25Index(docs)

  it('ranks an exact tool name above tools that only mention its words', () => {
    const hits = index.search('create_issue', 5)
    expect(hits[0]?.name).toBe('mcp__devhub__create_issue')
    expect(hits.length).toBeGreaterThan(1)
  })

  it('finds tools by description words and parameter names', () => {
    expect(index.search('meeting attendees', 3)[0]?.name).toBe('mcp__workspace__create_calendar_event')
    expect(index.search('sql', 3)[0]?.name).toBe('mcp__data__run_query')
  })

  it('finds nothing for nonsense', () => {
    expect(index.search('zxqv wobblefrotz', 5)).toEqual([])
    expect(index.search('   ', 5)).toEqual([])
    expect(index.search('!!!', 5)).toEqual([])
  })

  it('respects the limit', () => {
    expect(index.search('create', 1)).toHaveLength(1)
    expect(index.search('a repository issue create event email query', 2)).toHaveLength(2)
  })

  it('falls back to a name substring when no token matches', () => {
    const hits = new Bm25Index([
      { name: 'weirdtoolname', description: 'nothing', parameterNames: [] }
    ]).search('toolnam', 5)
    expect(hits).toEqual([{ name: 'weirdtoolname', score: 0.1 }])
  })

  it('is deterministic: equal scores keep catalog order', () => {
    const same = new Bm25Index([
      { name: 'b_tool', description: 'alpha', parameterNames: [] },
      { name: 'a_tool', description: 'alpha', parameterNames: [] }
    ])
    expect(same.search('alpha', 5).map((h) => h.name)).toEqual(['b_tool', 'a_tool'])
  })
})
