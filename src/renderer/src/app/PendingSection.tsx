import type { ComponentType, ReactNode } from 'react'
import { EmptyState } from '../ui/EmptyState'
import type { SectionId } from './sectionIds'

/** What each not-yet-built section will show, in plain words. */
const PENDING_TEXT: Readonly<Partial<Record<SectionId, { readonly title: string; readonly body: string }>>> =
  {
    chat: {
      title: 'Chat',
      body: 'Conversations with the selected agent will appear here: sessions with search, streaming replies you can stop, tool calls, what was recalled for each turn, and the token usage and cache hits of every turn.'
    },
    prompt: {
      title: 'Prompt',
      body: 'The system prompt this agent would receive will appear here, tier by tier, with token counts and where the cache breakpoints fall.'
    },
    review: {
      title: 'Review inbox',
      body: 'Facts your agents propose to remember will wait here, each with where it came from, until you approve, edit, merge or reject it. Nothing is remembered without you.'
    },
    nexus: {
      title: 'Nexus',
      body: 'The shared log all your agents write to will appear here as a timeline: decisions, checkpoints and conflicts, with filters and the state of its hash chain.'
    },
    inspector: {
      title: 'Inspector',
      body: 'For any turn, the exact request sent to the model will appear here: the system prompt by tier, the tools, the messages, the cache breakpoints, the usage, why the cache missed, and what changed since the previous turn.'
    }
  }

/**
 * A section whose feature is not built yet. It says what will appear there and nothing else:
 * no sample data, so nobody mistakes a mock-up for their own agents' state.
 */
export function pendingSection(id: SectionId): ComponentType {
  const text = PENDING_TEXT[id] ?? { title: id, body: 'This section will appear here.' }
  function Pending(): ReactNode {
    return (
      <div className="section">
        <EmptyState title={text.title} data-testid={`pending-${id}`}>
          <p>{text.body}</p>
          <p>This part of Hearth is not built yet.</p>
        </EmptyState>
      </div>
    )
  }
  Pending.displayName = `Pending(${id})`
  return Pending
}
