import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../core/home/atomicWrite'

/**
 * Why a link may not leave the app, or undefined when it may: https only (never file:,
 * javascript: or custom schemes that start other programs), and never with a user name or
 * password in it, which would be sent to the site and can disguise where a link really goes.
 */
export function externalLinkProblem(raw: string): string | undefined {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'not a URL'
  }
  if (url.protocol !== 'https:') return `only https links open outside Hearth (this one is ${url.protocol})`
  if (url.username !== '' || url.password !== '') return 'the link carries a user name or password'
  return undefined
}

/** Hosts the user has already agreed to open, kept outside HEARTH_HOME so no agent can add one. */
export class KnownLinkHosts {
  private hosts: Set<string> | undefined

  constructor(private readonly file: string) {}

  has(host: string): boolean {
    return this.load().has(host)
  }

  add(host: string): void {
    const hosts = this.load()
    hosts.add(host)
    mkdirSync(dirname(this.file), { recursive: true })
    writeFileAtomic(this.file, `${JSON.stringify([...hosts].sort(), null, 2)}\n`)
  }

  private load(): Set<string> {
    this.hosts ??= new Set(readHostList(this.file))
    return this.hosts
  }
}

function readHostList(file: string): string[] {
  if (!existsSync(file)) return []
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return Array.isArray(parsed) ? parsed.filter((host): host is string => typeof host === 'string') : []
  } catch {
    // A damaged list only means the next links ask again.
    return []
  }
}

export interface ExternalLinkDeps {
  readonly known: Pick<KnownLinkHosts, 'has' | 'add'>
  /** Asks the user; true to open. Shows the host as the URL parser sees it (punycode for lookalikes). */
  readonly confirm: (url: URL) => Promise<boolean>
  readonly openInBrowser: (href: string) => Promise<void>
  /** Tells the user why a link was not opened, so a click never just does nothing. */
  readonly explainRefusal: (problem: string) => Promise<void>
}

export type LinkOutcome = 'opened' | 'declined' | 'refused'

/**
 * Opens a link from the page in the user's browser: safe links to a host opened before go at
 * once; a host never opened before needs a yes first (and is then remembered); anything else
 * is refused, with the reason.
 */
export async function openExternalLink(raw: string, deps: ExternalLinkDeps): Promise<LinkOutcome> {
  const problem = externalLinkProblem(raw)
  if (problem !== undefined) {
    await deps.explainRefusal(problem)
    return 'refused'
  }
  const url = new URL(raw)
  if (!deps.known.has(url.host)) {
    if (!(await deps.confirm(url))) return 'declined'
    deps.known.add(url.host)
  }
  await deps.openInBrowser(url.href)
  return 'opened'
}
