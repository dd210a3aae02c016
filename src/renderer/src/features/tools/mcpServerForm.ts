import type { McpServerDraft, McpServerView, ParsedMcpServer } from '../../../../shared/contract'

/** The Add / Edit form as typed: multi-value fields are one item per line. */
export interface McpServerForm {
  readonly name: string
  readonly transport: McpServerDraft['transport']
  readonly command: string
  /** One argument per line. */
  readonly args: string
  readonly cwd: string
  /** `NAME=value`, one per line. */
  readonly env: string
  readonly url: string
  /** `Name: value`, one per line; empty while editing keeps the stored headers. */
  readonly headers: string
  readonly trusted: boolean
}

export const EMPTY_SERVER_FORM: McpServerForm = {
  name: '',
  transport: 'stdio',
  command: '',
  args: '',
  cwd: '',
  env: '',
  url: '',
  headers: '',
  trusted: false
}

export function formFromView(view: McpServerView): McpServerForm {
  const transport = view.transport === 'auto' ? 'http' : view.transport
  return formFromDraft(
    {
      name: view.name,
      transport,
      command: view.command,
      args: view.args,
      env: view.env,
      cwd: view.cwd,
      url: view.url,
      trusted: view.trusted
    },
    {}
  )
}

/** A pasted entry fills the form untrusted: trust is the user's decision, never the paste's. */
export function formFromParsed(parsed: ParsedMcpServer): McpServerForm {
  return formFromDraft({ ...parsed.draft, trusted: false }, parsed.headers)
}

function formFromDraft(draft: McpServerDraft, headers: Readonly<Record<string, string>>): McpServerForm {
  return {
    name: draft.name,
    transport: draft.transport,
    command: draft.command,
    args: draft.args.join('\n'),
    cwd: draft.cwd ?? '',
    env: Object.entries(draft.env)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
    url: draft.url,
    headers: Object.entries(headers)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n'),
    trusted: draft.trusted
  }
}

/** What the form sends, or the first line it could not read (the form shows it under the field). */
export type FormReading =
  | {
      readonly ok: true
      readonly draft: McpServerDraft
      readonly headers: Record<string, string> | undefined
    }
  | {
      readonly ok: false
      readonly field: keyof McpServerForm
      readonly message: string
    }

/** Reads the form into a draft; `keepHeaders` (editing) sends no headers when the field is empty. */
export function readServerForm(form: McpServerForm, keepHeaders: boolean): FormReading {
  if (form.name.trim() === '') return { ok: false, field: 'name', message: 'Give the server a name.' }
  const env = readPairs(form.env, '=')
  if (!env.ok)
    return {
      ok: false,
      field: 'env',
      message: `Line ${env.line}: write NAME=value.`
    }
  const headers = readPairs(form.headers, ':')
  if (!headers.ok)
    return {
      ok: false,
      field: 'headers',
      message: `Line ${headers.line}: write Name: value.`
    }
  const remote = form.transport !== 'stdio'
  if (!remote && form.command.trim() === '')
    return {
      ok: false,
      field: 'command',
      message: 'Say which program runs the server, e.g. npx or node.'
    }
  if (remote && form.url.trim() === '') return { ok: false, field: 'url', message: 'Give the server’s URL.' }
  const draft: McpServerDraft = {
    name: form.name.trim(),
    transport: form.transport,
    command: remote ? '' : form.command.trim(),
    args: remote ? [] : lines(form.args),
    env: remote ? {} : env.pairs,
    cwd: remote || form.cwd.trim() === '' ? null : form.cwd.trim(),
    url: remote ? form.url.trim() : '',
    trusted: form.trusted
  }
  const sendHeaders = remote && !(keepHeaders && form.headers.trim() === '')
  return { ok: true, draft, headers: sendHeaders ? headers.pairs : undefined }
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

function readPairs(
  text: string,
  separator: string
): { ok: true; pairs: Record<string, string> } | { ok: false; line: number } {
  const pairs: Record<string, string> = {}
  const all = text.split('\n')
  for (let i = 0; i < all.length; i++) {
    const line = (all[i] as string).trim()
    if (line === '') continue
    const at = line.indexOf(separator)
    if (at <= 0) return { ok: false, line: i + 1 }
    pairs[line.slice(0, at).trim()] = line.slice(at + 1).trim()
  }
  return { ok: true, pairs }
}

/** "node server.js", "https://mcp.example.com/mcp": what a server runs or reaches, for its card. */
export function serverTarget(view: McpServerView): string {
  return view.transport === 'stdio' ? [view.command, ...view.args].join(' ') : view.url
}
