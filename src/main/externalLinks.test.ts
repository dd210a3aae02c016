import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { externalLinkProblem, KnownLinkHosts, openExternalLink, type ExternalLinkDeps } from './externalLinks'

function hostsFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'hearth-links-')), 'nested', 'opened-link-hosts.json')
}

function deps(
  file: string,
  answer: boolean
): ExternalLinkDeps & { opened: string[]; asked: string[]; refusals: string[] } {
  const opened: string[] = []
  const asked: string[] = []
  const refusals: string[] = []
  return {
    known: new KnownLinkHosts(file),
    confirm: vi.fn(async (url: URL) => {
      asked.push(url.host)
      return answer
    }),
    openInBrowser: async (href) => void opened.push(href),
    explainRefusal: async (problem) => void refusals.push(problem),
    opened,
    asked,
    refusals
  }
}

describe('links that leave the app', () => {
  it('lets only https links without credentials out', () => {
    expect(externalLinkProblem('https://docs.example/page?q=1')).toBeUndefined()
    expect(externalLinkProblem('http://docs.example/')).toMatch(/only https links.*http:/)
    expect(externalLinkProblem('file:///etc/passwd')).toMatch(/file:/)
    expect(externalLinkProblem('javascript:alert(1)')).toMatch(/javascript:/)
    expect(externalLinkProblem('ms-settings:privacy')).toMatch(/ms-settings:/)
    expect(externalLinkProblem('https://user:pass@bank.example/')).toBe(
      'the link carries a user name or password'
    )
    expect(externalLinkProblem('https://bank.example@evil.example/')).toBe(
      'the link carries a user name or password'
    )
    expect(externalLinkProblem('https://:secret@evil.example/')).toBe(
      'the link carries a user name or password'
    )
    expect(externalLinkProblem('not a url')).toBe('not a URL')
  })

  it('asks before the first link to a host, remembers a yes on disk, and opens the next link at once', async () => {
    const file = hostsFile()
    const first = deps(file, true)
    expect(await openExternalLink('https://docs.example/a', first)).toBe('opened')
    expect(first.asked).toEqual(['docs.example'])
    expect(first.opened).toEqual(['https://docs.example/a'])
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(['docs.example'])

    const afterRestart = deps(file, false)
    expect(await openExternalLink('https://docs.example/b', afterRestart)).toBe('opened')
    expect(afterRestart.asked).toEqual([])
    expect(afterRestart.opened).toEqual(['https://docs.example/b'])
  })

  it('opens nothing and remembers nothing when the user declines', async () => {
    const file = hostsFile()
    const declined = deps(file, false)
    expect(await openExternalLink('https://new.example/', declined)).toBe('declined')
    expect(declined.opened).toEqual([])
    expect(declined.known.has('new.example')).toBe(false)
    expect(await openExternalLink('https://new.example/', declined)).toBe('declined')
    expect(declined.asked).toEqual(['new.example', 'new.example'])
  })

  it('treats another port or a lookalike name as a new host, shown in punycode', async () => {
    const file = hostsFile()
    const links = deps(file, true)
    await openExternalLink('https://docs.example/', links)
    await openExternalLink('https://docs.example:8443/', links)
    await openExternalLink('https://dоcs.example/', links) // Cyrillic "о"
    expect(links.asked).toEqual(['docs.example', 'docs.example:8443', 'xn--dcs-sed.example'])
  })

  it('refuses unsafe links with the reason, without asking or opening', async () => {
    const links = deps(hostsFile(), true)
    for (const url of [
      'http://docs.example/',
      'https://user:pass@docs.example/',
      'file:///etc/passwd',
      'javascript:alert(1)'
    ]) {
      expect(await openExternalLink(url, links), url).toBe('refused')
    }
    expect(links.asked).toEqual([])
    expect(links.opened).toEqual([])
    expect(links.refusals).toHaveLength(4)
    expect(links.refusals[1]).toBe('the link carries a user name or password')
  })

  it('asks again when the list of opened hosts is damaged', async () => {
    const file = hostsFile()
    const links = deps(file, true)
    await openExternalLink('https://docs.example/', links)
    writeFileSync(file, '{ not json')
    const again = deps(file, true)
    expect(await openExternalLink('https://docs.example/', again)).toBe('opened')
    expect(again.asked).toEqual(['docs.example'])
  })
})
