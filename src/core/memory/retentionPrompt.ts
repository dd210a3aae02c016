import { z } from 'zod'
import { FactType, Speaker } from '../../shared/contract/review'
import type { TranscriptMessage } from '../ports/transcripts'

export const RETENTION_TOOL_NAME = 'record_memory_candidates'

/** Transcripts longer than this keep their newest part (the end of a session holds its outcome). */
const MAX_TRANSCRIPT_CHARS = 120_000

export const RETENTION_SYSTEM = `You review one finished conversation between a user and their personal agent, and pick out what is worth remembering in later conversations.

Propose a candidate only for:
- decisions the user made or agreed to (with the reason when it was given);
- facts about the user that are not obvious and will still be true next month;
- facts about the user's project, tools or environment;
- an error that happened and the fix that worked;
- preferences the user stated or confirmed.

Skip greetings, task progress, one-off requests, things that will be stale within a week, and anything the agent only guessed.
Write each candidate as one short declarative sentence that stands on its own ("The user deploys with Fly.io"), never as an instruction ("Always deploy with Fly.io").
Give the id of the message it came from (the number in [message N]) and a short verbatim quote from that message.
Call the ${RETENTION_TOOL_NAME} tool exactly once; an empty list is a fine answer when nothing qualifies.`

/** The forced tool: its input schema is the list of candidates. */
export const RETENTION_TOOL = {
  name: RETENTION_TOOL_NAME,
  description: 'Record the facts from this conversation that are worth remembering in later sessions.',
  input_schema: {
    type: 'object',
    properties: {
      candidates: {
        type: 'array',
        maxItems: 25,
        items: {
          type: 'object',
          properties: {
            text: {
              type: 'string',
              description: 'One declarative sentence that stands on its own; never an instruction.'
            },
            type: { type: 'string', enum: FactType.options },
            speaker: {
              type: 'string',
              enum: Speaker.options,
              description: 'Who stated it: the user, or the agent.'
            },
            entities: {
              type: 'array',
              items: { type: 'string' },
              description: 'People, projects, tools or places it is about.'
            },
            quote: {
              type: 'string',
              description: 'A short verbatim quote (under 200 characters) from the source message.'
            },
            message_id: { type: 'string', description: 'The N of the [message N] the fact came from.' }
          },
          required: ['text', 'type', 'speaker', 'entities', 'quote', 'message_id']
        }
      }
    },
    required: ['candidates']
  }
} as const

/** One candidate as the model sent it, checked field by field. */
export const RawCandidate = z.object({
  text: z.string().trim().min(1).max(2000),
  type: FactType,
  speaker: Speaker,
  entities: z.array(z.string().max(200)).max(30).catch([]),
  quote: z.string().max(2000).catch(''),
  message_id: z.union([z.string(), z.number()]).transform(String).catch('')
})
export type RawCandidate = z.infer<typeof RawCandidate>

/** The transcript as the model reads it: each message prefixed with its id and speaker. */
export function renderTranscript(messages: readonly TranscriptMessage[]): string {
  const rendered = messages
    .map((m) => `[message ${m.id}] ${m.role === 'user' ? 'User' : 'Agent'}:\n${m.text}`)
    .join('\n\n')
  return rendered.length > MAX_TRANSCRIPT_CHARS
    ? `[earlier messages omitted]\n…${rendered.slice(-MAX_TRANSCRIPT_CHARS)}`
    : rendered
}
