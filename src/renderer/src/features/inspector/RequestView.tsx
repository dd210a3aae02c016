import type { ReactNode } from 'react'
import type { InspectedCall } from '../../../../shared/contract'
import { toolResultText } from '../../../../shared/util/toolResultText'
import { ContextBlocks } from './ContextBlocks'
import { DeferredToolsNote } from './DeferredToolsNote'
import { describeAttachments } from '../attachments'
import { useAppStore } from '../../store/useAppStore'
import { LoadEarlier } from './LoadEarlier'

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
  const text = describeAttachments(request.attachments)
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

/** Earlier messages read per press of the button. */
const MESSAGES_MORE = 50

/** "1,234 messages" with the count written for people. */
function messagesText(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'message' : 'messages'}`
}

/**
 * The request's messages, newest last. A call arrives with the newest of them (a long chat's
 * whole history would be megabytes); the sentence above them says how many earlier ones are not
 * shown, and the buttons read them, a page or the whole request.
 */
function RequestMessages({ callId, request }: Readonly<{ callId: number; request: Request }>): ReactNode {
  const loadEarlier = useAppStore((state) => state.loadEarlierRequestMessages)
  const { messages, messageCount } = request
  const from = messageCount - messages.length
  return (
    <>
      {from > 0 && (
        <LoadEarlier
          testId="inspector-messages-earlier"
          text={`The newest ${messagesText(messages.length)} of ${messageCount.toLocaleString('en')}; ${from.toLocaleString('en')} earlier ${from === 1 ? 'message is' : 'messages are'} not shown.`}
          actions={[
            {
              label: `Show ${Math.min(MESSAGES_MORE, from)} earlier`,
              run: () => loadEarlier(callId, MESSAGES_MORE)
            },
            ...(from > MESSAGES_MORE
              ? [
                  {
                    label: `Show the whole request (${messagesText(from)} more)`,
                    run: () => loadEarlier(callId, 'all')
                  }
                ]
              : [])
          ]}
        />
      )}
      <ol className="inspector-messages" start={from + 1}>
        {messages.map((message, i) => (
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

export function RequestView({ callId, request }: Readonly<{ callId: number; request: Request }>): ReactNode {
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
      <h3>Messages ({request.messageCount.toLocaleString('en')})</h3>
      <AttachmentCount request={request} />
      <RequestMessages callId={callId} request={request} />
      <ContextBlocks context={request.context} />
      {request.instruction !== null && (
        <p>
          <strong>Compression instruction:</strong> {request.instruction}
        </p>
      )}
    </div>
  )
}
