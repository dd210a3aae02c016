import { z } from 'zod'
import { method } from './define'
import { AgentId } from './ids'
import { boundedText } from './boundedText'
import { SkillFilePath } from './skills'

/**
 * The user-editable files the app exposes. Paths are never sent by the renderer: it names a
 * target and the core resolves the path, so no request can reach outside the home folder
 * (except the rules file of a project folder the user picked).
 */
export const FileTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('soul'), agentId: AgentId }),
  z.object({ kind: z.literal('memory'), agentId: AgentId }),
  z.object({ kind: z.literal('user') }),
  z.object({ kind: z.literal('rules'), projectDir: z.string().min(1).max(4096) }),
  z.object({ kind: z.literal('project-state') }),
  /** A skill's SKILL.md inside the skills folder. */
  z.object({ kind: z.literal('skill'), path: SkillFilePath })
])
export type FileTarget = z.infer<typeof FileTarget>

/**
 * The files the user writes in Hearth and may mark as their own words: SOUL.md as a whole, each
 * entry of MEMORY.md and USER.md.
 */
export const TrustableFile = z.enum(['soul', 'memory', 'user'])
export type TrustableFile = z.infer<typeof TrustableFile>

/**
 * Whether "I wrote this — trust it" applies: `offered` when a file of the user's has a finding
 * that keeps part of it from the prompt, `trusted` when the user vouched for what the scanner
 * matched (that exact text), `none` otherwise — and always for files from elsewhere.
 */
export const TrustState = z.enum(['none', 'offered', 'trusted'])
export type TrustState = z.infer<typeof TrustState>

/** What the prompt would contain from this file, after scanning and truncation. */
export const InjectedView = z.object({
  text: z.string(),
  tokens: z.number().int(),
  warnings: z.array(z.string()),
  trust: TrustState
})
export type InjectedView = z.infer<typeof InjectedView>

export const FileDoc = z.object({
  target: FileTarget,
  path: z.string(),
  exists: z.boolean(),
  content: z.string(),
  /** sha256 of the bytes on disk; the base for conflict detection on save. */
  hash: z.string(),
  mtimeMs: z.number(),
  tokens: z.number().int(),
  /** Set when the file could not be read as text (binary, invalid UTF-8, too large). */
  readError: z.string().nullable(),
  injected: InjectedView.nullable()
})
export type FileDoc = z.infer<typeof FileDoc>

export const FileChanged = z.object({ target: FileTarget, path: z.string(), hash: z.string() })
export type FileChanged = z.infer<typeof FileChanged>

export const fileMethods = {
  'files.read': method(z.object({ target: FileTarget }), FileDoc),
  /**
   * Saves atomically; refused with `conflict` when the file on disk no longer has `baseHash`.
   * Bounded in bytes too, so the largest accepted save still fits in one RPC frame.
   */
  'files.write': method(
    z.object({
      target: FileTarget,
      content: boundedText(5_000_000, 5 * 1024 * 1024),
      baseHash: z.string().max(200),
      force: z.boolean().optional()
    }),
    FileDoc
  ),
  /**
   * "I wrote this — trust it": records the hashes of the flagged parts of the user's own file as
   * it is on disk, which must still have `hash` (the version the user looked at); refused with
   * `conflict` when it changed since. A later change is scanned again.
   */
  'files.trust': method(
    z.object({
      target: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('soul'), agentId: AgentId }),
        z.object({ kind: z.literal('memory'), agentId: AgentId }),
        z.object({ kind: z.literal('user') })
      ]),
      hash: z.string().min(1).max(200)
    }),
    FileDoc
  ),
  /** Starts (or keeps) watching the file; `files.changed` events follow. */
  'files.watch': method(z.object({ target: FileTarget }), z.object({ watching: z.literal(true) }))
} as const
