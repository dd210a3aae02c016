import { z } from 'zod'
import { method } from './define'
import { AgentId } from './ids'

/** What a page is about; null for a name seen often enough but not recognised as one of them. */
export const WikiPageKind = z.enum(['person', 'project', 'tool']).nullable()

/** A page's name in the wiki folder (`<slug>.md`): letters, digits and dashes. */
export const WikiSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}-]+$/u, 'a wiki page name has only letters, digits and dashes')

export const WikiPageSummary = z.object({
  slug: z.string(),
  title: z.string(),
  kind: WikiPageKind,
  /** How many approved facts and Nexus decisions the page cites. */
  sources: z.number().int()
})
export type WikiPageSummary = z.infer<typeof WikiPageSummary>

/** A fact or decision a page cites, with what a client needs to open it. */
export const WikiCitation = z.object({
  kind: z.enum(['fact', 'decision']),
  /** The fact id, or the decision's Nexus sequence number. */
  key: z.number().int(),
  /** The fact's agent; null for a decision (it is in the shared Nexus). */
  agentId: AgentId.nullable(),
  /** Who wrote it down: the agent's name, or who decided. */
  by: z.string(),
  ts: z.number(),
  text: z.string()
})
export type WikiCitation = z.infer<typeof WikiCitation>

export const WikiLink = z.object({ slug: z.string(), title: z.string() })

export const WikiList = z.object({
  /** The index first, then every page by title. */
  pages: z.array(WikiPageSummary),
  /** The folder the pages are written to, relative to the home (open it in Obsidian). */
  dir: z.string()
})
export type WikiList = z.infer<typeof WikiList>

export const WikiPageView = z.object({
  slug: z.string(),
  title: z.string(),
  kind: WikiPageKind,
  /** The page's file relative to the home. */
  path: z.string(),
  /** The file as written, front matter and Obsidian links included. */
  markdown: z.string(),
  citations: z.array(WikiCitation),
  /** The pages this one links to (named beside it); for the index, every page. */
  links: z.array(WikiLink),
  /** The pages that link here. */
  backlinks: z.array(WikiLink)
})
export type WikiPageView = z.infer<typeof WikiPageView>

export const wikiMethods = {
  /** The compiled pages: one per person, project and tool named in approved facts and decisions. */
  'wiki.list': method(z.object({}), WikiList),
  /** One page with the facts and decisions it cites; `not_found` for a page that does not exist. */
  'wiki.page': method(z.object({ slug: WikiSlug }), WikiPageView),
  /** Compiles every page again now (it also happens by itself after approvals and decisions). */
  'wiki.rebuild': method(z.object({}), WikiList)
} as const
