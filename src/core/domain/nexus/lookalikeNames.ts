import { foldText } from '../prompt/textFold'

/**
 * Names a reader could take for one another in the Nexus: `ella.`, `e11a`, `Ella_` and `еlla`
 * (with a Cyrillic е) all read as `ella` in an entry's header. An author name is compared by its
 * skeleton, what is left once every such trick is undone, so a newcomer cannot post under a name
 * that passes for an agent's, the user's or a member's.
 */

/** Digits and signs that stand in for letters ("e11a", "b0b", "$am"). */
const STAND_INS: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  $: 's',
  '@': 'a',
  '!': 'l',
  '|': 'l'
}

/** Letter shapes a reader confuses: `rn` for `m`, `vv` for `w`, and `i`, `j` and `l` (as `I` and `l` are). */
const SHAPES: readonly (readonly [RegExp, string])[] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/[ij]/g, 'l']
]

/** What a name reads as: folded (NFKC, homoglyphs, invisibles), lower case, stand-ins undone, separators gone. */
export function nameSkeleton(name: string): string {
  let text = foldText(name, { decodeTags: true }).toLowerCase()
  text = [...text].map((char) => STAND_INS[char] ?? char).join('')
  text = text.replace(/[^\p{L}\p{N}]+/gu, '')
  for (const [pattern, letter] of SHAPES) text = text.replace(pattern, letter)
  return text
}

/** An existing name and what it is, for the refusal ("a Hearth agent", "the user"). */
export interface TakenName {
  readonly name: string
  readonly what: string
}

/**
 * The existing name that `candidates` (a name as typed and as slugged) pass for without being
 * it, or undefined. A candidate equal to an existing name is not a lookalike: the caller decides
 * about exact names (a bound member may post under its own).
 */
export function lookalikeOf(
  candidates: readonly string[],
  taken: readonly TakenName[]
): TakenName | undefined {
  const skeletons = new Set(candidates.map(nameSkeleton).filter((skeleton) => skeleton !== ''))
  return taken.find(
    (existing) => !candidates.includes(existing.name) && skeletons.has(nameSkeleton(existing.name))
  )
}
