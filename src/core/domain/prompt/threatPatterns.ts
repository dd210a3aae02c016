import { ScanScope } from '../../../shared/contract/prompt'

/**
 * The prompt-injection pattern table. Scopes are cumulative: `all` ⊂ `context` ⊂ `strict`.
 * Persona and rules files are scanned with `context`, memory entries with `strict`.
 *
 * Patterns are written with Python-style `\w`/`\b` (Unicode-aware); `compile` translates them,
 * because JavaScript's `\w` and `\b` are ASCII-only even with the `u` flag.
 */
export type { ScanScope }

/** The contract's scopes, narrowest first. */
export const SCAN_SCOPES: readonly ScanScope[] = ScanScope.options

export interface ThreatPattern {
  readonly id: string
  readonly scope: ScanScope
  readonly regex: RegExp
  /**
   * Lower-case words of which one must be present for the regex to be worth running. Only set
   * where the Unicode `\b` emulation (a lookbehind) stops the engine from searching for the literal.
   */
  readonly hints?: readonly string[]
  /** A phrase of plain words: also read with punctuation, emphasis and leetspeak taken out (`scanViews`). */
  readonly words: boolean
  /** A phrase a protective sentence has to name; such a match is a warning (`protective.ts`). */
  readonly protectable: boolean
}

/** Up to eight filler words between the key words of a phrase. */
const F = String.raw`(?:\w+\s+){0,8}`
const WORD = String.raw`[\p{L}\p{N}_]`
const BOUNDARY = String.raw`(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`
const CONFIG_VERBS = String.raw`(update|modify|edit|write|change|append|add\s+to)\s+[^\n]{0,2048}`
const SECRET_VARS = String.raw`[^\n]{0,2048}\$\{?\w*(KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|API)`

function compile(source: string): RegExp {
  return new RegExp(source.replaceAll(String.raw`\w`, WORD).replaceAll(String.raw`\b`, BOUNDARY), 'giu')
}

const TABLE: ReadonlyArray<readonly [id: string, scope: ScanScope, source: string]> = [
  ['prompt_injection', 'all', String.raw`ignore\s+${F}(previous|all|above|prior)\s+${F}instructions`],
  [
    'instructions_above',
    'all',
    String.raw`(?:ignore|disregard|forget|override|overrule|skip)\s+${F}(?:instructions|rules|directions|directives|guidelines|prompts?)\s+(?:above|before\s+(?:this|now)|earlier|so\s+far|you\s+(?:were|have\s+been)\s+given)`
  ],
  [
    'ignore_above',
    'all',
    String.raw`(?:ignore|disregard|forget)\s+(?:(?:all|everything)\s+(?:of\s+)?(?:the\s+|that\s+is\s+|written\s+)?(?:above|before\s+this)|the\s+above\s+(?:and|instructions|prompt|text|directions|rules))\b`
  ],
  [
    'forget_instructions',
    'all',
    String.raw`forget\s+(?:all\s+)?(?:of\s+)?(?:your|all|any|previous|prior|earlier)\s+(?:previous\s+|prior\s+|earlier\s+|original\s+)?(?:instructions|rules|guidelines|programming|directives|training)`
  ],
  ['sys_prompt_override', 'all', String.raw`system\s+prompt\s+override`],
  [
    'disregard_rules',
    'all',
    String.raw`disregard\s+${F}(your|all|any)\s+${F}(instructions|rules|guidelines)`
  ],
  [
    'bypass_restrictions',
    'all',
    String.raw`act\s+as\s+(if|though)\s+${F}you\s+${F}(have\s+no|don't\s+have)\s+${F}(restrictions|limits|rules)`
  ],
  [
    'html_comment_injection',
    'all',
    String.raw`<!--[^>]{0,512}(?:ignore|override|system|secret|hidden)[^>]{0,512}-->`
  ],
  ['hidden_div', 'all', String.raw`<\s*div\s+style\s*=\s*["'][^>]{0,2048}display\s*:\s*none`],
  [
    'translate_execute',
    'all',
    String.raw`translate\s+[^\n]{0,512}\s+into\s+[^\n]{0,512}\s+and\s+(execute|run|eval)`
  ],
  ['deception_hide', 'all', String.raw`do\s+not\s+${F}tell\s+${F}the\s+user`],
  ['role_hijack', 'context', String.raw`you\s+are\s+${F}now\s+(?:a|an|the)\s+`],
  ['role_pretend', 'context', String.raw`pretend\s+${F}(you\s+are|to\s+be)\s+`],
  [
    'leak_system_prompt',
    'context',
    String.raw`(?:output|reveal|dump|leak|disclose|repeat)\s+${F}(?:system|initial|hidden)\s+(?:prompt|instructions)`
  ],
  [
    'remove_filters',
    'context',
    String.raw`(respond|answer|reply)\s+without\s+${F}(restrictions|limitations|filters|safety)`
  ],
  ['fake_update', 'context', String.raw`you\s+have\s+been\s+${F}(updated|upgraded|patched)\s+to`],
  ['identity_override', 'context', String.raw`\bname\s+yourself\s+\w+`],
  ['c2_node_registration', 'context', String.raw`register\s+(as\s+)?a?\s*node`],
  ['c2_heartbeat', 'context', String.raw`(heartbeat|beacon|check[\s\-]?in)\s+(to|with)\s+`],
  ['c2_task_pull', 'context', String.raw`pull\s+(down\s+)?(?:new\s+)?task(?:ing|s)?\b`],
  ['c2_network_connect', 'context', String.raw`connect\s+to\s+the\s+network\b`],
  ['forced_action', 'context', String.raw`you\s+must\s+(?:\w+\s+){0,3}(register|connect|report|beacon)\b`],
  // One-liners only as a way to leave nothing behind; "only use one-liners in the examples" is style.
  [
    'anti_forensic_oneliner',
    'context',
    String.raw`only\s+use\s+one[\s\-]?liners?\b[^\n]{0,80}(?:no\s+(?:files?|scripts?|traces?)|never\s+(?:write|save|touch)|leave\s+no|avoid\s+(?:detection|logs|the\s+disk)|nothing\s+on\s+disk)`
  ],
  [
    'anti_forensic_disk',
    'context',
    String.raw`never\s+${F}(?:create|write)\s+${F}(?:script|file)\s+${F}disk`
  ],
  // Unsetting the variables agent runtimes (this one and others on the same machine) rely on.
  [
    'env_var_unset_agent',
    'context',
    String.raw`unset\s+\w*(?:CLAUDE|CODEX|HEARTH|HERMES|AGENT|OPENAI|ANTHROPIC)\w*`
  ],
  [
    'known_c2_framework',
    'context',
    // Sliver, Havoc and Mythic are also ordinary words: only as a framework ("sliver implant").
    String.raw`\b(?:cobalt\s*strike|metasploit|brainworm)\b|\b(?:sliver|havoc|mythic)\s+(?:c2|implants?|beacons?|server|framework|agents?|listeners?|payloads?)\b`
  ],
  ['c2_explicit', 'context', String.raw`\bc2\s+(?:server|channel|infrastructure|beacon)\b`],
  ['c2_explicit_long', 'context', String.raw`\bcommand\s+and\s+control\b`],
  ['exfil_curl', 'all', String.raw`curl\s+${SECRET_VARS}`],
  ['exfil_wget', 'all', String.raw`wget\s+${SECRET_VARS}`],
  [
    'read_secrets',
    'all',
    String.raw`cat\s+[^\n]{0,2048}(\.env|credentials|\.netrc|\.pgpass|\.npmrc|\.pypirc)`
  ],
  // Secrets sent to an address, or private key files read: in every file, not only memory.
  [
    'exfil_secret_to_url',
    'all',
    String.raw`(?:send|post|upload|transmit|exfiltrate|forward|copy|pipe|leak|submit|share)\s+[^\n]{0,200}?(?:~/\.ssh|\$HOME/\.ssh|id_(?:rsa|dsa|ecdsa|ed25519)|\.env\b|credentials|api[_\s-]?keys?|secrets?|tokens?|passwords?|private\s+keys?|\.aws|\.netrc|keychain|cookies|ssh\s+keys?)[^\n]{0,200}?\s(?:to|at|into)\s+(?:https?|ftp|wss?)://`
  ],
  [
    'secret_file_read',
    'all',
    String.raw`(?:cat|read|print|open|upload|send|copy|cp|scp|base64|curl|type|less|more|head|tail|display|show|post)\s+[^\n]{0,100}?(?:~|\$HOME|\$\{HOME\}|/home/[^/\s]+|/root)/\.(?:ssh/id_(?:rsa|dsa|ecdsa|ed25519)(?!\.pub)|aws/credentials|netrc|gnupg|hearth/\.env|docker/config\.json|kube/config)`
  ],
  ['send_to_url', 'strict', String.raw`(send|post|upload|transmit)\s+[^\n]{0,2048}\s+(to|at)\s+https?://`],
  [
    'context_exfil',
    'strict',
    String.raw`(include|output|print|share)\s+${F}(conversation|chat\s+history|previous\s+messages|full\s+context|entire\s+context)`
  ],
  ['ssh_backdoor', 'strict', String.raw`authorized_keys`],
  ['ssh_access', 'strict', String.raw`\$HOME/\.ssh|~/\.ssh`],
  // Hearth's own home: its secrets file and the files that shape every agent's prompt.
  ['hearth_env', 'strict', String.raw`\$HOME/\.hearth/\.env|~/\.hearth/\.env`],
  [
    'agent_config_mod',
    'strict',
    String.raw`${CONFIG_VERBS}(?:AGENTS\.md|CLAUDE\.md|\.cursorrules|\.clinerules)`
  ],
  [
    'hearth_config_mod',
    'strict',
    String.raw`${CONFIG_VERBS}\.hearth/(config\.json|USER\.md|agents/[^\s/]+/(SOUL|MEMORY)\.md)`
  ],
  [
    'hardcoded_secret',
    'strict',
    String.raw`(?:api[_-]?key|token|secret|password)\s*[=:]\s*["'][A-Za-z0-9+/=_-]{20,}`
  ]
]

const HINTS: Readonly<Record<string, readonly string[]>> = {
  identity_override: ['name'],
  known_c2_framework: ['cobalt', 'sliver', 'havoc', 'mythic', 'metasploit', 'brainworm'],
  c2_explicit: ['c2'],
  c2_explicit_long: ['command']
}

/** Patterns that need punctuation (paths, URLs, markup, quotes): they read the folded text only. */
const PUNCTUATED = new Set([
  'html_comment_injection',
  'hidden_div',
  'env_var_unset_agent',
  'exfil_curl',
  'exfil_wget',
  'read_secrets',
  'exfil_secret_to_url',
  'secret_file_read',
  'send_to_url',
  'ssh_backdoor',
  'ssh_access',
  'hearth_env',
  'agent_config_mod',
  'hearth_config_mod',
  'hardcoded_secret'
])

/** What a warning about injection has to say in so many words. */
const PROTECTABLE = new Set([
  'prompt_injection',
  'instructions_above',
  'ignore_above',
  'forget_instructions',
  'disregard_rules',
  'bypass_restrictions',
  'sys_prompt_override',
  'role_hijack',
  'role_pretend',
  'leak_system_prompt',
  'remove_filters'
])

/** The compiled table, in the order findings are reported. */
export const THREAT_PATTERNS: readonly ThreatPattern[] = TABLE.map(([id, scope, source]) => {
  const hints = HINTS[id]
  const base = {
    id,
    scope,
    regex: compile(source),
    words: !PUNCTUATED.has(id),
    protectable: PROTECTABLE.has(id)
  }
  return hints ? { ...base, hints } : base
})

/**
 * Zero-width, joiner, BOM and bidi-control characters that can hide text from a reader. Every
 * hidden character (`textFold.isHiddenChar`) is removed before matching; these, like any other
 * hidden character, are a finding of their own where they split a Latin word (a zero-width
 * joiner between emoji, or a non-joiner in Persian, is not).
 */
export const INVISIBLE_CHARS: readonly number[] = [
  0x200b, 0x200c, 0x200d, 0x2060, 0x2062, 0x2063, 0x2064, 0xfeff, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
  0x2066, 0x2067, 0x2068, 0x2069
]

/** Bidi overrides and isolates reorder what a reader sees: a finding wherever they are. */
export const BIDI_CONTROLS: readonly number[] = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069
]

/**
 * Texts are scanned in windows of 64 KiB (bounding the work of one regex run) that overlap by
 * 8 KiB, so a phrase across a window edge is still seen. The whole text is always scanned: a cap
 * would let an injection placed after it through, and truncation keeps a file's tail.
 */
export const SCAN_WINDOW_CHARS = 65_536
export const SCAN_OVERLAP_CHARS = 8_192

/** Whether a pattern of `scope` applies when scanning with `requested` (cumulative scopes). */
export function scopeIncludes(requested: ScanScope, scope: ScanScope): boolean {
  return SCAN_SCOPES.indexOf(scope) <= SCAN_SCOPES.indexOf(requested)
}
