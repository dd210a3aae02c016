// The string literals of a TypeScript file, found by a small scanner instead of a regex so that
// comments, regular expressions and the code inside `${…}` are never read as strings (nor a quote
// inside them taken for the start of one).

/** After one of these, a `/` starts a regular expression; after anything else it divides. */
const BEFORE_REGEX = new Set([...'(,=:[!&|?{};+-*%<>~^'])
const KEYWORDS_BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'case',
  'in',
  'of',
  'void',
  'delete',
  'throw',
  'yield'
])

/**
 * Each literal's source text (without its quotes; a template literal yields each text part
 * between its `${…}`) and the 1-based line it starts on.
 * @returns {{ text: string, line: number }[]}
 */
export function stringLiterals(source) {
  const found = []
  const templateBraces = [] // brace depth at each `${` still open, innermost last
  let depth = 0
  let i = 0
  let previous = '' // the last significant character or word in code, to tell a regex from a division
  const lineAt = lineCounter(source)

  const readTemplatePart = () => {
    const start = i
    while (i < source.length && source[i] !== '`' && !(source[i] === '$' && source[i + 1] === '{'))
      i += source[i] === '\\' ? 2 : 1
    found.push({ text: source.slice(start, i), line: lineAt(start) })
    if (source[i] === '`') {
      i += 1
      previous = 'x'
    } else {
      templateBraces.push(depth)
      i += 2
      previous = '(' // an expression starts: a `/` here opens a regular expression
    }
  }

  while (i < source.length) {
    const c = source[i]
    if (c === '/' && source[i + 1] === '/') i = skipTo(source, '\n', i)
    else if (c === '/' && source[i + 1] === '*') i = skipTo(source, '*/', i + 2) + 1
    else if (c === '"' || c === "'") {
      const end = quotedEnd(source, i, c)
      found.push({ text: source.slice(i + 1, end), line: lineAt(i) })
      i = end + 1
      previous = 'x'
    } else if (c === '`') {
      i += 1
      readTemplatePart()
    } else if (c === '}' && templateBraces.at(-1) === depth) {
      templateBraces.pop()
      i += 1
      readTemplatePart()
    } else if (
      c === '/' &&
      (previous === '' || BEFORE_REGEX.has(previous) || KEYWORDS_BEFORE_REGEX.has(previous))
    ) {
      i = regexEnd(source, i)
      previous = 'x'
    } else if (/[\w$]/.test(c)) {
      const word = /^[\w$]+/.exec(source.slice(i, i + 64))[0]
      i += word.length
      previous = word
    } else {
      if (c === '{') depth += 1
      if (c === '}') depth -= 1
      if (!/\s/.test(c)) previous = c
      i += 1
    }
  }
  return found
}

/** Index of the end of `needle` (or of the source) from `from`. */
function skipTo(source, needle, from) {
  const at = source.indexOf(needle, from)
  return at === -1 ? source.length : at + needle.length - 1
}

/** Index of the quote closing the string opened at `start` (a string ends at a line break too). */
function quotedEnd(source, start, quote) {
  let i = start + 1
  while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1
  return i
}

/** Index just past a regular expression literal and its flags (`/` inside `[…]` does not end it). */
function regexEnd(source, start) {
  let i = start + 1
  let inClass = false
  while (i < source.length && source[i] !== '\n' && (inClass || source[i] !== '/')) {
    if (source[i] === '[') inClass = true
    else if (source[i] === ']') inClass = false
    i += source[i] === '\\' ? 2 : 1
  }
  i += 1
  while (i < source.length && /[a-z]/.test(source[i])) i += 1
  return i
}

/** A function from an index in the source to its 1-based line, in one pass over the line breaks. */
function lineCounter(source) {
  const breaks = []
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) breaks.push(i)
  return (index) => {
    let low = 0
    let high = breaks.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (breaks[middle] < index) low = middle + 1
      else high = middle
    }
    return low + 1
  }
}
