import { useState, type ReactNode } from 'react'
import type { InspectedCall } from '../../../../shared/contract'
import { toolResultText } from '../../../../shared/util/toolResultText'
import { ContextBlocks } from './ContextBlocks'
import { DeferredToolsNote } from './DeferredToolsNote'
import { attachmentRefs, describeAttachments } from '../attachments'

type Request = InspectedCall['request']

function Marker(): ReactNode {
  return (
    <span
      className="inspector-marker"
      title="cache_control: the cache writes (and later reads) the prefix ending here"
      data-testid="inspector-breakpoint"
    >
      ◆ breakpoint
    </span>
  )
}

function blockText(block: Readonly<Record<string, unknown>>): string {
  if (block.type === 'text') return String(block.text)
  if (block.type === 'tool_use') return `${String(block.name)} ${JSON.stringify(block.input)}`
  if (block.type === 'tool_result') return `→ ${toolResultText(block.content)}`
  return JSON.stringify(block)
}

/** The request exactly as sent: system by tier with sources, tools, messages, and where the markers sat. */
/** How many images, PDFs and text files the request carried: each is read from the home at send time. */
function AttachmentCount({ request }: Readonly<{ request: Request }>): ReactNode {
  const text = describeAttachments(request.messages.flatMap((message) => attachmentRefs(message.content)))
  if (text === '') return null
  return (
    <p className="muted" data-testid="inspector-attachments">
      Attachments sent: {text}
    </p>
  )
}

const BREAKPOINT_PLACES: Readonly<Record<string, string>> = {
  tools: 'end of the tools (shared by every chat whose agent has the same tools)',
  stable: 'end of the stable tier (shared by every chat with this agent)',
  system: 'end of the system prompt',
  previous: 'where the previous call ended',
  newest: 'newest message'
}

/** Each breakpoint's TTL and why it got it: the policy's reasoning, in its own words. */
function BreakpointTtls({ request }: Readonly<{ request: Request }>): ReactNode {
  if (request.breakpoints.every((b) => b.ttl === null)) return null
  return (
    <>
      <h3>Cache lifetimes</h3>
      <ul className="inspector-ttls">
        {request.breakpoints.map((b) => (
          <li key={`${b.kind}-${b.position}`} data-testid="inspector-breakpoint-ttl">
            <strong>{b.ttl ?? '5m'}</strong> · {BREAKPOINT_PLACES[b.kind] ?? b.kind}{' '}
            <span className="muted">≈{b.estimatedTokens} tokens</span>
            {b.ttlReason !== null && <div className="muted">{b.ttlReason}</div>}
          </li>
        ))}
      </ul>
    </>
  )
}

/** Messages drawn at first: the newest, where one call differs from the one before. */
const MESSAGES_SHOWN = 20
/** Earlier messages added per press of the button. */
const MESSAGES_MORE = 50

/**
 * The request's messages, newest last: a long chat's whole history would take seconds to draw,
 * so the newest are shown with how many come before and a button for the earlier ones.
 */
function RequestMessages({ messages }: Readonly<{ messages: Request['messages'] }>): ReactNode {
  const [shown, setShown] = useState(MESSAGES_SHOWN)
  const from = Math.max(0, messages.length - shown)
  return (
    <>
      {from > 0 && (
        <p className="muted" data-testid="inspector-messages-earlier">
          The newest {messages.length - from} of {messages.length} messages.{' '}
          <button type="button" className="link-button" onClick={() => setShown(shown + MESSAGES_MORE)}>
            Show {Math.min(MESSAGES_MORE, from)} earlier
          </button>
        </p>
      )}
      <ol className="inspector-messages" start={from + 1}>
        {messages.slice(from).map((message, i) => (
          <li key={from + i} className={`inspector-message inspector-message--${message.role}`}>
            <div className="muted">
              {message.role} · stored ids {message.sourceIds.join(', ') || '—'}
            </div>
            {message.content.map((block, j) => (
              <div key={j} className="inspector-content">
                <span className="inspector-content__type">{String(block.type)}</span>{' '}
                <span className="inspector-content__text">{blockText(block)}</span>{' '}
                {block.cache_control ? <Marker /> : null}
              </div>
            ))}
          </li>
        ))}
      </ol>
    </>
  )
}

export function RequestView({ request }: Readonly<{ request: Request }>): ReactNode {
  // A prompt sent whole (older calls) has one marker at its end; tier blocks have one per marked tier.
  const systemMarks = request.breakpoints
    .filter((b) => b.kind === 'stable' || b.kind === 'system')
    .map((b) => b.position - request.tools.length)
  const sentWhole = systemMarks.length === 1 && request.breakpoints.every((b) => b.kind !== 'stable')
  return (
    <div className="inspector-request">
      <h3>
        System ({request.system.length} tiers){sentWhole && <Marker />}
      </h3>
      {request.system.map((tier, i) => (
        <details key={tier.tier} className="inspector-block" data-testid="inspector-tier">
          <summary>
            <strong>{tier.tier}</strong>{' '}
            <span className="muted">
              chars {tier.start}–{tier.end} · {tier.source || 'no layers'}
            </span>{' '}
            {!sentWhole && systemMarks.includes(i) && <Marker />}
          </summary>
          <pre>{tier.text}</pre>
        </details>
      ))}
      <BreakpointTtls request={request} />
      <h3>Tools ({request.tools.length})</h3>
      <DeferredToolsNote request={request} />
      <ul className="inspector-tools">
        {request.tools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code> <span className="muted">{tool.description}</span>{' '}
            {tool.marked && <Marker />}
          </li>
        ))}
      </ul>
      <h3>Messages ({request.messages.length})</h3>
      <AttachmentCount request={request} />
      <RequestMessages messages={request.messages} />
      <ContextBlocks context={request.context} />
      {request.instruction !== null && (
        <p>
          <strong>Compression instruction:</strong> {request.instruction}
        </p>
      )}
    </div>
  )
}
