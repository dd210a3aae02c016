/** Shared shapes of the fake Anthropic Messages API (see README.md for the wire details). */
import type { SentBody } from './sentBody'

export type { SentBlock, SentBody, SentMessage, SentSystemBlock, SentTool } from './sentBody'

export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal'

/** One content block the fake will answer with. */
export type ReplyBlock =
  | {
      readonly type: 'text'
      /** A string is split into several deltas; an array gives the deltas exactly. */
      readonly text: string | readonly string[]
    }
  | {
      readonly type: 'tool_use'
      readonly name: string
      readonly input: unknown
      /** Defaults to `toolu_fake_<request>_<index>`. */
      readonly id?: string
    }

/**
 * A scripted reply. Shorthands: a bare string is a text reply; `text`/`toolUses` build the content
 * (text first); `content` gives the exact block order. `stopReason` defaults to `tool_use` when a
 * tool call is present, else `end_turn`.
 */
export type Reply =
  | string
  | {
      readonly text?: string | readonly string[]
      readonly toolUses?: readonly { readonly name: string; readonly input: unknown; readonly id?: string }[]
      readonly content?: readonly ReplyBlock[]
      readonly stopReason?: StopReason
      /** Milliseconds between streamed deltas (a slow stream a client can stop); non-streaming: before the answer. */
      readonly delayMs?: number
      /** Reported output tokens; defaults to the tokenizer's count of the content. */
      readonly outputTokens?: number
    }

/** Dynamic behaviour: return a reply, or undefined to fall through to the default reply. */
export type ReplyFunction = (request: RecordedRequest) => Reply | undefined

/** Injected failures, consumed one request at a time (`count` requests, default 1). */
export type Fault =
  | {
      /** HTTP error response instead of a reply (429, 500, 529, 400, …). */
      readonly kind: 'http'
      readonly status: number
      readonly errorType?: string
      readonly message?: string
      /** Replaces the default headers (429: retry-after 1 + retry-after-ms 5; ≥500: retry-after-ms 5). */
      readonly headers?: Readonly<Record<string, string>>
      readonly count?: number
    }
  | {
      /** HTTP 200 stream that sends an `event: error` after `afterDeltas` deltas (default 1). */
      readonly kind: 'stream_error'
      readonly errorType?: string
      readonly message?: string
      readonly afterDeltas?: number
      readonly count?: number
    }
  | {
      /** The socket is destroyed after `afterDeltas` deltas (non-streaming: before any response). */
      readonly kind: 'drop'
      readonly afterDeltas?: number
      readonly count?: number
    }
  | {
      /** Every delta of the next reply(ies) is delayed by `delayMs`. */
      readonly kind: 'slow'
      readonly delayMs: number
      readonly count?: number
    }

export interface CacheCreation {
  readonly ephemeral_5m_input_tokens: number
  readonly ephemeral_1h_input_tokens: number
}

/** Input-side usage as the real API reports it (output_tokens is added per reply). */
export interface InputUsage {
  readonly input_tokens: number
  readonly cache_creation_input_tokens: number
  readonly cache_read_input_tokens: number
  readonly cache_creation: CacheCreation
}

export interface Usage extends InputUsage {
  readonly output_tokens: number
  readonly service_tier: 'standard'
}

/** Every request the fake received on /v1/*, in arrival order. */
export interface RecordedRequest {
  readonly index: number
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  /** The body read as a Messages request (undefined when it is not JSON or not that shape). */
  readonly body: SentBody | undefined
  /** Clock time (ms) at which the request started. */
  readonly at: number
  readonly requestId: string
  /** HTTP status sent (200 also for streams that later failed). */
  status: number
  /** Usage the cache simulator computed (absent when rejected before accounting). */
  usage?: Usage
  /** How the answer ended: streamed to the end, stopped by the client, or cut by a fault. */
  outcome?: 'complete' | 'aborted' | 'error_event' | 'dropped'
}

/** Knobs of the tokenizer and cache simulator. */
export interface CacheOptions {
  /** Tokens added to the first block of each message. */
  readonly perMessageOverhead: number
  /** Hidden tool-use system prompt, added to the last tool block when tools are present. */
  readonly toolsOverhead: number
  /** Tokens after the last block (assistant-turn prefix); always uncached input. */
  readonly tailOverhead: number
  /** Tokens charged per image block. */
  readonly imageTokens: number
  /** Tokens charged per document (PDF) block. */
  readonly documentTokens: number
  /** Minimum cacheable prefix for models missing from the table. */
  readonly defaultMinTokens: number
  /** Per-model overrides of the minimum cacheable prefix (exact id or prefix match). */
  readonly minTokens: Readonly<Record<string, number>>
  /** Entries kept before the least recently used ones are dropped. */
  readonly maxEntries: number
}

export interface FakeOptions {
  /** Port on 127.0.0.1 (default 0 = any free port). */
  readonly port?: number
  /** When set, only this key is accepted; otherwise any non-empty key is. */
  readonly apiKey?: string
  /** Default milliseconds between streamed deltas (default 0). */
  readonly delayMs?: number
  /** Largest text delta when a reply's text is a single string (default 24 characters). */
  readonly chunkChars?: number
  readonly cache?: Partial<CacheOptions>
}
