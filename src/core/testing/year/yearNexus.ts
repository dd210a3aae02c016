import type { AgentId } from '../../../shared/contract'
import type { NexusPostInput } from '../../../shared/contract/nexus'
import type { NexusUseCases } from '../../nexus/nexusUseCases'
import type { SkillsService } from '../../prompt/skillsService'
import { prose, topic } from './yearText'
import type { YearRandom, YearVolumes } from './yearVolumes'

const ENTRIES_PER_BATCH = 5_000
/** Runtimes beside Hearth's own agents that write the log over MCP. */
const OUTSIDE_AUTHORS = ['claude-code', 'codex']
const SKILL_CATEGORIES = ['writing', 'code', 'research', 'home', 'travel', 'money', 'health', 'data']

/** One entry of the log: mostly turns, with decisions, checkpoints, acknowledgements, handoffs and resolutions. */
function entryFor(
  random: YearRandom,
  n: number,
  author: string,
  decisions: readonly number[]
): NexusPostInput {
  const kind = random.next()
  const about = topic(random)
  const recent = decisions.slice(-50)
  if (kind < 0.1) {
    // Two authors deciding about the same topic close together is what the conflict finder pairs.
    return {
      agent: author,
      type: 'decision',
      summary: `Decided on ${about}: ${prose(random, 60)}`,
      rationale: prose(random, random.logNormal(120, 0.5, 20, 1_000))
    }
  }
  if (kind < 0.18) {
    const body = `## Where I am\n${prose(random, random.logNormal(600, 0.6, 100, 6_000))}`
    return { agent: author, type: 'checkpoint', summary: `Checkpoint ${n} on ${about}`, body }
  }
  if (kind < 0.24 && recent.length > 0)
    return { agent: author, type: 'ack', summary: `Acknowledged: ${about}`, refs: [random.pick(recent)] }
  if (kind < 0.27)
    return { agent: author, type: 'handoff', summary: `Handing ${about} on`, body: prose(random, 300) }
  if (kind < 0.28 && recent.length > 1) {
    // A resolution names the two decisions it settles: two different ones.
    const first = random.int(recent.length)
    const second = (first + 1 + random.int(recent.length - 1)) % recent.length
    const refs = [recent[first] as number, recent[second] as number]
    return { agent: author, type: 'resolution', summary: `Settled ${about}`, refs }
  }
  const body = random.chance(0.15) ? prose(random, random.logNormal(400, 0.8, 40, 8_000)) : undefined
  return { agent: author, type: 'turn', summary: `Worked on ${about}: ${prose(random, 80)}`, body }
}

type YearNexus = Pick<NexusUseCases, 'postMany' | 'readProjectState' | 'saveProjectState'>

/**
 * The year's Nexus through the service: `nexusEntries` entries from `nexusAuthors` authors (the
 * agents and two outside runtimes), the project state's versions among them, each version saved
 * through the project-state log as the editor saves it.
 */
export function writeYearNexus(
  nexus: YearNexus,
  random: YearRandom,
  volumes: YearVolumes,
  agentIds: readonly AgentId[],
  progress: (done: number) => void
): void {
  const authors = [...agentIds, ...OUTSIDE_AUTHORS].slice(0, volumes.nexusAuthors)
  const posts = volumes.nexusEntries - volumes.stateVersions
  const stateEvery = Math.max(1, Math.floor(posts / volumes.stateVersions))
  const decisions: number[] = []
  let versions = 0
  for (let start = 0; start < posts; start += ENTRIES_PER_BATCH) {
    const batch = Array.from({ length: Math.min(ENTRIES_PER_BATCH, posts - start) }, (_, i) =>
      entryFor(random, start + i + 1, random.pick(authors), decisions)
    )
    for (const entry of nexus.postMany(batch)) if (entry.type === 'decision') decisions.push(entry.seq)
    const due = Math.min(volumes.stateVersions, Math.floor((start + batch.length) / stateEvery))
    for (; versions < due; versions++) saveState(nexus, random, versions + 1)
    progress(start + batch.length + versions)
  }
  for (; versions < volumes.stateVersions; versions++) saveState(nexus, random, versions + 1)
}

function saveState(nexus: YearNexus, random: YearRandom, version: number): void {
  const current = nexus.readProjectState()
  const content = `# Project state (version ${version})\n\n## Now\n${prose(random, 800)}\n\n## Next\n${prose(random, 400)}\n`
  nexus.saveProjectState(content, current.hash)
}

/** `skills` skills in the skills folder, made as the Skills screen makes them. */
export function writeYearSkills(skills: SkillsService, random: YearRandom, volumes: YearVolumes): void {
  for (let n = 0; n < volumes.skills; n++) {
    const category = SKILL_CATEGORIES[n % SKILL_CATEGORIES.length] ?? null
    skills.create({
      name: `skill-${String(n + 1).padStart(3, '0')}`,
      category,
      description: prose(random, 120)
    })
  }
}
