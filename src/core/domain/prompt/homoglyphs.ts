import confusables from 'unhomoglyph/data.json'

/**
 * Lookalike characters folded to the Latin (ASCII) letters they imitate: Cyrillic `о`, Greek
 * `ο`, Cherokee, mathematical and other letters a reader takes for `o`. Built once from the
 * Unicode confusables table (UTS #39, as packaged by `unhomoglyph`).
 *
 * Only characters outside ASCII are folded, and only to ASCII: the table also maps ASCII to
 * ASCII (`m` → `rn`, `I` → `l`, `0` → `O`) to build "skeletons", which would turn ordinary
 * English into something the pattern table cannot read. Two skeleton spellings are turned back
 * into the letter they look like: `rn` is `m`, and an upper-case lookalike of `l` is `I`.
 */
const ASCII = /^[\x20-\x7e]+$/
/** The Nexus header's separator; its lookalikes (`•`, `∙`, `⋅`) fold to it so a forged header is seen. */
const MIDDLE_DOT = '\u00b7'

function canonical(source: string, target: string): string {
  if (target === 'rn') return 'm'
  if (target === 'l' && source !== source.toLowerCase()) return 'I'
  if (target === "''") return '"'
  return target
}

function buildTable(): ReadonlyMap<number, string> {
  const table = new Map<number, string>()
  for (const [source, target] of Object.entries(confusables as Record<string, string>)) {
    const code = source.codePointAt(0) as number
    if (source.length === 0 || code < 0x80 || String.fromCodePoint(code) !== source) continue
    const bare = target.normalize('NFD').replace(/\p{M}/gu, '')
    if (ASCII.test(bare)) table.set(code, canonical(source, bare))
    else if (target === MIDDLE_DOT) table.set(code, MIDDLE_DOT)
  }
  return table
}

let table: ReadonlyMap<number, string> | null = null

/** The ASCII character(s) a non-ASCII code point imitates, or undefined when it imitates none. */
export function homoglyphOf(code: number): string | undefined {
  table ??= buildTable()
  return table.get(code)
}
