import { join } from 'node:path'
import type { AgentId, SessionId } from '../../../shared/contract'
import type { FactType } from '../../../shared/contract/review'
import { writeFileAtomic } from '../../home/atomicWrite'
import type { HomePaths } from '../../home/homePaths'
import { mkdirPrivate } from '../../home/privateFiles'
import { renderMemoryFile } from '../../memory/memoryFileFormat'
import type { FactStore, NewFact } from '../../memory/factStore'
import type { Db } from '../../node/db/openDatabase'
import { writeTransaction } from '../../node/db/writeTransaction'
import { prose, topic } from './yearText'
import { YEAR_START_MS } from './yearChats'
import type { YearRandom, YearVolumes } from './yearVolumes'

const FACTS_PER_BATCH = 5_000
const TYPES: readonly FactType[] = ['decision', 'user_fact', 'project_fact', 'error_fix', 'preference']

function newFact(
  random: YearRandom,
  agentId: AgentId,
  sessionId: SessionId | null,
  n: number,
  status: NewFact['status']
): NewFact {
  const text = `Fact ${n} on ${topic(random)}: ${prose(random, random.logNormal(90, 0.5, 20, 400))}`
  return {
    ...{ agentId, status, type: random.pick(TYPES), speaker: random.chance(0.7) ? 'user' : 'agent', text },
    entities: [topic(random)],
    quote: prose(random, 60),
    ...{ sessionId, messageId: null, scanFindings: [], mergeTargetId: null, mergeKind: null },
    origin: 'retention',
    createdAtMs: YEAR_START_MS + Math.floor((n / 70_000) * 365 * 86_400_000)
  }
}

/**
 * The year's memory bank through the fact store: `facts` approved facts, then `candidates`
 * pending ones (one in ten proposing a merge with an approved fact), spread over the agents and
 * their chats, in transactions of five thousand.
 */
export function writeYearFacts(
  db: Db,
  facts: FactStore,
  random: YearRandom,
  volumes: YearVolumes,
  agentIds: readonly AgentId[],
  sessionIds: readonly SessionId[],
  progress: (done: number) => void
): void {
  const approved: number[] = []
  const total = volumes.facts + volumes.candidates
  for (let start = 0; start < total; start += FACTS_PER_BATCH) {
    writeTransaction(db, () => {
      for (let n = start; n < Math.min(total, start + FACTS_PER_BATCH); n++) {
        // Session i belongs to agent i mod agents (see writeYearChats).
        const sessionIndex = random.chance(0.8) ? random.int(sessionIds.length) : null
        const session = sessionIndex === null ? null : (sessionIds[sessionIndex] as SessionId)
        const agentIndex = (sessionIndex ?? n) % agentIds.length
        const agentId = agentIds[agentIndex] as AgentId
        const pending = n >= volumes.facts
        const fact = newFact(random, agentId, session, n + 1, pending ? 'pending' : 'approved')
        const merge = pending && approved.length > 0 && random.chance(0.1)
        const target = merge ? random.pick(approved) : null
        const inserted = facts.insert(
          target === null
            ? fact
            : {
                ...fact,
                mergeTargetId: target,
                mergeKind: random.chance(0.5) ? 'duplicate' : 'contradiction'
              }
        )
        if (!pending) approved.push(inserted.id)
      }
    })()
    progress(Math.min(total, start + FACTS_PER_BATCH))
  }
}

/** `memoryFiles` long-form memories in the agents' memories folders, in Hearth's memory-file format. */
export function writeYearMemoryFiles(
  paths: HomePaths,
  random: YearRandom,
  volumes: YearVolumes,
  agentIds: readonly AgentId[]
): void {
  for (let n = 0; n < volumes.memoryFiles; n++) {
    const agentId = agentIds[n % agentIds.length] as AgentId
    const dir = paths.memoriesDir(agentId)
    mkdirPrivate(dir)
    const slug = `notes-${String(n + 1).padStart(3, '0')}`
    const description = `Notes on ${topic(random)}`
    const body = prose(random, random.logNormal(1_500, 0.7, 200, 20_000))
    const fields = {
      name: slug,
      description,
      type: random.pick(TYPES),
      source: `generated year, file ${n + 1}`
    }
    writeFileAtomic(join(dir, `${slug}.md`), renderMemoryFile(fields, body))
  }
}
