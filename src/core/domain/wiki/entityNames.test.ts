import { describe, expect, it } from 'vitest'
import { capitalisedWords, namesIn } from './entityNames'

const names = (text: string, elsewhere?: ReadonlySet<string>) =>
  namesIn(text, elsewhere).map((m) => `${m.name}:${m.kind ?? '-'}`)

describe('names in a sentence', () => {
  it('finds a run of capitalised words as one name, a person when its words read as a name', () => {
    expect(names('We met Ada Lovelace at the station.')).toEqual(['Ada Lovelace:person'])
    expect(names('Ada Lovelace prefers tea in the morning.')).toEqual(['Ada Lovelace:person'])
  })

  it('skips a sentence-first word that is capitalised only by grammar', () => {
    expect(names('Backups run every night.')).toEqual([])
    expect(names('Tea is ready. Coffee is not.')).toEqual([])
  })

  it('keeps a sentence-first word shaped like a name, or capitalised elsewhere', () => {
    expect(names('PostgreSQL holds the ledger.')).toEqual(['PostgreSQL:tool'])
    expect(names('Grace reviews the notes.')).toEqual([])
    expect(names('Grace reviews the notes.', new Set(['Grace']))).toEqual(['Grace:person'])
  })

  it('classifies tools by their shape and the words around them', () => {
    expect(names('The team deploys with Kubernetes every week.')).toEqual(['Kubernetes:tool'])
    expect(names('The build uses GitHub Actions.')).toEqual(['GitHub Actions:tool'])
    expect(names('Front end is written in Next.js now.')).toEqual(['Next.js:tool'])
    // "API" after a name says what it is; it is not part of it (facts on "Stripe" share the page).
    expect(names('the Stripe API is rate limited')).toEqual(['Stripe:tool'])
    expect(names('Ask Linus about the Google Cloud SDK.')).toEqual(['Linus:person', 'Google Cloud:tool'])
  })

  it('classifies projects by the word project before, after or in the name', () => {
    expect(names('The Atlas project ships in May.')).toEqual(['Atlas:project'])
    expect(names('We started Project Orion last week.')).toEqual(['Project Orion:project'])
    expect(names('Work on the project Borealis paused.')).toEqual(['Borealis:project'])
  })

  it('leaves common capitalised words, months, days and pronouns out', () => {
    expect(names('On Monday I said: If January comes, we go.')).toEqual([])
  })

  it('reads a possessive as the name, and names each name once, in order', () => {
    expect(names("the notes are Ada's and the plan is Ada's too, and Bob's review came after")).toEqual([
      'Ada:-',
      'Bob:-'
    ])
  })

  it('refuses numbers, single letters and two-letter capitals as names', () => {
    expect(names('the plan for 2026 is in room B with the QA team')).toEqual([])
  })

  it('keeps names in other scripts and with diacritics', () => {
    expect(names('The review went to José Álvarez yesterday.')).toEqual(['José Álvarez:person'])
  })
})

describe('capitalised words elsewhere', () => {
  it('collects capitalised words not first in their sentence, common ones left out', () => {
    expect([...capitalisedWords(['We met Grace. Then The plan changed.', 'Tea with Linus'])].sort()).toEqual([
      'Grace',
      'Linus'
    ])
  })
})
