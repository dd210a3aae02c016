import { describe, expect, it } from 'vitest'
import { lookalikeOf, nameSkeleton } from './lookalikeNames'

const TAKEN = [
  { name: 'user', what: 'the user' },
  { name: 'ella', what: 'a Hearth agent' },
  { name: 'openclaw', what: 'a Nexus member' }
]

describe('lookalike author names', () => {
  it.each([
    ['ella.', 'ella'],
    ['e11a', 'ella'],
    ['Ella_', 'ella'],
    ['EIIa', 'ella'],
    ['e-l-l-a', 'ella'],
    ['\u0435lla', 'ella'], // Cyrillic е
    ['\u0435\u04cf\u04cfa', 'ella'], // Cyrillic е and palochka
    ['\uff45\uff4c\uff4c\uff41', 'ella'], // fullwidth
    ['el\u200bla', 'ella'], // zero-width space
    ['e\u0301lla', 'ella'], // a combining accent
    ['user_', 'user'],
    ['u$er', 'user'],
    ['us\u0435r', 'user'],
    ['0penclaw', 'openclaw'],
    ['open-c1aw', 'openclaw']
  ])('%j passes for %s and is caught', (candidate, existing) => {
    expect(lookalikeOf([candidate], TAKEN)?.name).toBe(existing)
  })

  it.each(['bella', 'ellen', 'cursor', 'claude-code', 'users', 'openclaw-2', 'el', 'ゆーざー', ''])(
    '%j is a name of its own',
    (candidate) => expect(lookalikeOf([candidate], TAKEN)).toBeUndefined()
  )

  it('leaves an exact name to the caller (a member may post under its own)', () => {
    expect(lookalikeOf(['ella'], TAKEN)).toBeUndefined()
    expect(lookalikeOf(['Ella.', 'ella'], TAKEN)).toBeUndefined()
  })

  it('reads the slug and the name as typed: either one passing for a name is enough', () => {
    // "Еlla" with a Cyrillic Е slugs to "lla"; the name as typed still reads "ella".
    expect(lookalikeOf(['\u0415lla', 'lla'], TAKEN)?.name).toBe('ella')
  })

  it('skeletons undo stand-ins, shapes and separators', () => {
    expect(nameSkeleton('Co-d3r_')).toBe('coder')
    expect(nameSkeleton('rnax')).toBe('max')
    expect(nameSkeleton('vvill')).toBe('wlll')
  })
})
