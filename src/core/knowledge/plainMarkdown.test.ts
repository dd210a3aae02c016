import { describe, expect, it } from 'vitest'
import { plainMarkdown } from './plainMarkdown'
import { hitPattern, snippetParts, snippetText } from './snippet'

describe('markdown as plain text for snippets', () => {
  it('reads a compiled wiki page as a reader sees it', () => {
    const page = [
      '---',
      'title: "Atlas"',
      'kind: project',
      '---',
      '# Atlas',
      '',
      'Project in 1 approved fact and 1 decision. Compiled by Hearth.',
      '',
      '## Facts',
      '- Ada Lovelace reviews the **Atlas** project budget on Fridays — fact 1 · Scribe · 2026-12-04',
      '',
      '## Decisions',
      '- Keep the Atlas ledger in PostgreSQL — [decision #2](../decisions.md) · scribe · 2026-12-04',
      '',
      '## Named with',
      '- [[ada-lovelace|Ada Lovelace]]',
      '- [[postgresql]]'
    ].join('\n')
    expect(plainMarkdown(page)).toBe(
      [
        'Atlas.',
        'Project in 1 approved fact and 1 decision. Compiled by Hearth.',
        'Facts.',
        'Ada Lovelace reviews the Atlas project budget on Fridays — fact 1 · Scribe · 2026-12-04',
        'Decisions.',
        'Keep the Atlas ledger in PostgreSQL — decision #2 · scribe · 2026-12-04',
        'Named with.',
        'Ada Lovelace',
        'postgresql'
      ].join('\n')
    )
  })

  it('keeps a front matter’s description, the one sentence a skill or memory file is known by', () => {
    expect(
      plainMarkdown(
        '---\nname: ledger-tools\ndescription: "work with the ledgerbox"\n---\n# Steps\n1. Open it'
      )
    ).toBe('work with the ledgerbox\nSteps.\nOpen it')
  })

  it('drops code fences, comments, quotes and emphasis marks but keeps identifiers whole', () => {
    const text =
      '> Use `deploy_key` from *the* keychain\n```sh\nmake deploy\n```\n<!-- hidden -->\n1. __Never__ push on_friday_nights\n---'
    expect(plainMarkdown(text)).toBe(
      'Use deploy_key from the keychain\nmake deploy\nNever push on_friday_nights'
    )
  })

  it('marks the hit in the plain text, with no markdown around it', () => {
    const page = '---\ntitle: Wiki\n---\n# Wiki\n\n## Projects\n- [[atlas|Atlas]]\n- [[hearth|Hearth]]'
    const parts = snippetParts(plainMarkdown(page), hitPattern(['atlas'], []))
    expect(snippetText(parts)).toBe('Wiki. Projects. [Atlas] Hearth')
    expect(parts.filter((part) => part.hit).map((part) => part.text)).toEqual(['Atlas'])
  })
})
