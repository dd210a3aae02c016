import type { AgentId, SessionId } from '../../shared/contract'
import type { NexusEntry } from '../../shared/contract/nexus'
import type { Transcripts } from '../ports/transcripts'
import type { SessionEndHook } from '../ports/turnContext'
import type { NexusLog } from './nexusLog'
import type { NexusTurnEntries } from './nexusTurnEntries'
import { firstSentence, oneLine } from './turnSummary'

export { oneLine } from './turnSummary'

/** "memory ×2, write_file": the tools a transcript's markers show, by name with counts. */
function toolsOfSession(transcript: ReturnType<Transcripts['transcript']>): string {
  const counts = new Map<string, number>()
  for (const message of transcript?.messages ?? [])
    for (const match of message.text.matchAll(/\[called the (\S+) tool\]/g))
      counts.set(match[1] as string, (counts.get(match[1] as string) ?? 0) + 1)
  return [...counts].map(([name, n]) => `${name}${n > 1 ? ` ×${n}` : ''}`).join(', ')
}

/**
 * Write after: when a session ends (explicit end, idle timeout, quit) the agent's colleagues get
 * one `turn` entry summing the session up the way turn entries do — how many turns, which tools
 * ran, what it decided, how it ended — built from the transcript and the turn entries, with no
 * model call. Running twice for the same session appends nothing the second time.
 */
export class NexusSessionEndHook implements SessionEndHook {
  readonly id = 'nexus'

  constructor(
    private readonly nexus: NexusLog,
    private readonly transcripts: Pick<Transcripts, 'outline' | 'transcript'>,
    private readonly turnEntries: Pick<NexusTurnEntries, 'forSession'>
  ) {}

  async run(session: {
    readonly sessionId: SessionId
    readonly agentId: AgentId
  }): Promise<NexusEntry | null> {
    const marker = `Session ${session.sessionId} ended.`
    if (
      this.nexus.repository.list({ agent: session.agentId, type: 'turn', search: marker, limit: 1 }).total > 0
    )
      return null
    const facts = this.transcripts.outline(session.sessionId)
    if (facts && facts.userTurns === 0) return null
    const decisions = facts
      ? this.nexus.repository
          .list({ agent: session.agentId, type: 'decision', limit: 20 })
          .entries.filter((entry) => entry.ts >= facts.startedAtMs)
      : []
    const turns = this.turnEntries.forSession(session.sessionId)
    const tools = toolsOfSession(this.transcripts.transcript(session.sessionId))
    const count = facts ? `${facts.userTurns} turn${facts.userTurns === 1 ? '' : 's'}` : 'turns unknown'
    const decided =
      decisions.length > 0 ? `decided ${decisions.map((entry) => `#${entry.seq}`).join(', ')}` : ''
    const ending = facts?.lastReply ? `last: ${firstSentence(facts.lastReply)}` : 'no reply text recorded'
    const summary = [
      `Session ended (${count})`,
      tools ? `ran ${oneLine(tools, 60)}` : 'no tools',
      decided,
      ending
    ]
      .filter((part) => part !== '')
      .join(' · ')
    const body = [
      marker,
      facts?.title ? `Title: ${facts.title}` : '',
      tools ? `Tools: ${tools}` : '',
      turns.length > 0 ? `Turns: ${turns.map((entry) => `#${entry.seq} ${entry.summary}`).join('; ')}` : '',
      decisions.length > 0
        ? `Decisions: ${decisions.map((entry) => `#${entry.seq} ${entry.summary}`).join('; ')}`
        : '',
      facts?.lastReply ? `Last reply: ${oneLine(facts.lastReply, 1500)}` : ''
    ].filter((line) => line !== '')
    return this.nexus.post({
      agent: session.agentId,
      type: 'turn',
      summary: oneLine(summary),
      body: body.join('\n').slice(0, 19_000),
      refs: [...new Set([...turns, ...decisions].map((entry) => entry.seq))].sort((a, b) => a - b).slice(-50)
    }).entry
  }
}
