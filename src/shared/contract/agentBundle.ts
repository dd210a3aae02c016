import { z } from 'zod'
import { ChatExport } from './chatExport'
import { FactEvent, FactProvenance, FactType, Speaker } from './review'

/**
 * One agent as a portable file (`hearth export agent`, the agent menu's Export): versioned, read
 * back by `hearth import hearth FILE`. Within a version fields are only ever added. The API key is
 * never in it.
 */
export const AGENT_BUNDLE_VERSION = 1

const SkillFile = z.object({
  /** Path inside the skill's folder, `/`-separated, never `..`. */
  rel: z
    .string()
    .min(1)
    .max(500)
    .refine((p) => !p.split('/').includes('..') && !p.startsWith('/'), 'a relative path inside the skill'),
  text: z.string().nullable(),
  /** Base64 for a file that is not UTF-8 text. */
  base64: z.string().nullable()
})

export const AgentBundle = z.object({
  format: z.literal('hearth.agent'),
  version: z.literal(AGENT_BUNDLE_VERSION),
  exportedAtMs: z.number(),
  agent: z.object({ id: z.string(), name: z.string() }),
  persona: z.object({ soul: z.string() }),
  memory: z.object({
    /** MEMORY.md's entries. */
    entries: z.array(z.string()),
    /** The long-form memory files under memories/. */
    files: z.array(z.object({ slug: z.string().regex(/^[A-Za-z0-9._-]{1,120}$/), text: z.string() }))
  }),
  /** USER.md's entries (the user's profile, shared by the agents of the home it came from). */
  userEntries: z.array(z.string()),
  /** Approved facts with where they came from and their history. */
  facts: z.array(
    z.object({
      text: z.string(),
      type: FactType,
      speaker: Speaker,
      entities: z.array(z.string()),
      quote: z.string(),
      sessionId: z.string().nullable(),
      /** The source message's id in the exporting home, as text (version 1's shape, kept for its readers). */
      messageId: z.string().nullable(),
      createdAtMs: z.number(),
      history: z.array(FactEvent),
      /** Where an imported fact first came from (another runtime's file or conversation). */
      provenance: FactProvenance.nullable().default(null)
    })
  ),
  skills: z.array(
    z.object({
      path: z
        .string()
        .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/)
        .refine((p) => !p.split('/').includes('..')),
      files: z.array(SkillFile)
    })
  ),
  /** The agent's entry of config.json (model, toolsets…). */
  settings: z.record(z.string(), z.unknown()),
  /** With `--with-sessions`: each chat in the `hearth.chat` shape. */
  sessions: z.array(ChatExport).nullable()
})
export type AgentBundle = z.infer<typeof AgentBundle>
