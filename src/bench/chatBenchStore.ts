import type { SessionId } from '../shared/contract'
import { join } from 'node:path'
import type { ContentBlock } from '../core/chat/chatTypes'
import { buildWireMessages } from '../core/chat/turn/requestBuilder'
import { SessionRepository } from '../core/chat/store/sessionRepository'
import { SessionSearch } from '../core/chat/store/sessionSearch'
import { seedConversation } from '../core/chat/testing/seedConversation'
import { openDatabase, type Db } from '../core/node/db/openDatabase'
import { testId } from '../shared/testing/ids'
import { plainSession } from '../core/testing/plainSession'
import { figure, percentile, type BenchFigure } from './benchTypes'

const SYLLABLES = 'ka lo mi ren to sa vel dor pin ast ul fre gon bri tes mar ock lin vis qua'.split(' ')

/** About 6,000 made-up words; drawn with a Zipf-like skew so a few are common and most are rare, as in real text. */
const VOCABULARY: readonly string[] = Array.from({ length: 6000 }, (_, i) => {
  let word = ''
  for (let n = i + 7; word.length < 4 || n > 0; n = Math.floor(n / SYLLABLES.length))
    word += SYLLABLES[n % SYLLABLES.length]
  return word
})

/** A small deterministic generator so every run measures the same text. */
/** The bench's three sessions: appended to one by one, resumed at 10k messages, searched at 100k. */
const APPEND = testId.session('append')
const RESUME = testId.session('resume')
const SEARCH = testId.session('search')

function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => VOCABULARY[Math.floor(VOCABULARY.length * next() ** 3)]).join(
    ' '
  )
}

function seedSession(repo: SessionRepository, id: SessionId): void {
  repo.createSession(plainSession(id, testId.agent('bench'), 'You are a bench agent.', 1))
}

/** A plain exchange of `count` messages of 12 to 41 words; the fill is setup, not what is measured. */
function fill(db: Db, sessionId: SessionId, count: number, next: () => number): void {
  seedConversation(db, sessionId, count, () => sentence(next, 12 + Math.floor(next() * 30)))
}

/**
 * The session store's figures: one append (its own committed write, as in a turn), loading a
 * 10,000-message session for its next call, and FTS search over 100,000 messages.
 */
export function measureSessionStore(dir: string, quick: boolean, log: (line: string) => void): BenchFigure[] {
  const db = openDatabase(join(dir, 'store.db'))
  const repo = new SessionRepository(db)
  const next = generator(42)
  try {
    seedSession(repo, APPEND)
    const appends: number[] = []
    const appendCount = quick ? 2000 : 10_000
    for (let i = 0; i < appendCount; i++) {
      const content: ContentBlock[] = [{ type: 'text', text: sentence(next, 20) }]
      const turnId = testId.turn(`t${i}`)
      const start = performance.now()
      repo.appendMessage({
        sessionId: APPEND,
        turnId,
        role: i % 2 ? 'assistant' : 'user',
        kind: i % 2 ? 'reply' : 'text',
        content,
        status: 'complete',
        nowMs: i
      })
      appends.push(performance.now() - start)
      // The engine does its database upkeep after every turn (about four appends), outside the append.
      if (i % 4 === 3) repo.maintainBetweenTurns()
    }
    seedSession(repo, RESUME)
    fill(db, RESUME, 10_000, next)
    const resumes: number[] = []
    for (let i = 0; i < 5; i++) {
      const start = performance.now()
      buildWireMessages(repo.messages(RESUME), null)
      resumes.push(performance.now() - start)
    }
    seedSession(repo, SEARCH)
    fill(db, SEARCH, 100_000 - 10_000 - appendCount, next)
    log(
      `store: ${repo.countMessages()} messages; append p50 ${percentile(appends, 50).toFixed(3)} ms, max ${Math.max(...appends).toFixed(1)} ms`
    )
    const search = new SessionSearch(db)
    // Queries from their own generator, so quick and full runs search for the same things.
    const pick = generator(7)
    const queries = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0 ? sentence(pick, 2) : i % 3 === 1 ? sentence(pick, 1) : sentence(pick, 1).slice(1, 6)
    )
    const searches = queries.map((query) => {
      const start = performance.now()
      search.search(query, { limit: 20 })
      return performance.now() - start
    })
    return [
      figure('sessions.append_p99_ms', percentile(appends, 99), 'ms', 2, 'lower'),
      figure('sessions.resume_10k_ms', percentile(resumes, 50), 'ms', 100, 'lower'),
      figure('sessions.fts_p95_ms_100k', percentile(searches, 95), 'ms', 20, 'lower')
    ]
  } finally {
    db.close()
  }
}
