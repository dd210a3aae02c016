/**
 * The fake's token counter: ceil(UTF-8 bytes / 4). Claude 3+ has no public tokenizer, so any
 * counter is an approximation; this one is deterministic, dependency-free and roughly right for
 * English prose. Hit *ratios* are what the simulator is for.
 */
export function countTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4)
}

/** Splits text into pieces of at most `size` characters, preferring to cut after spaces. */
export function splitText(text: string, size: number): string[] {
  if (text.length <= size) return [text]
  const pieces: string[] = []
  let rest = text
  while (rest.length > size) {
    const space = rest.lastIndexOf(' ', size)
    const cut = space > 0 ? space + 1 : isHighSurrogate(rest.charCodeAt(size - 1)) ? size - 1 : size
    pieces.push(rest.slice(0, cut))
    rest = rest.slice(cut)
  }
  if (rest.length > 0) pieces.push(rest)
  return pieces
}

/** Never split a surrogate pair across deltas (each delta must be valid UTF-16 on its own). */
function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
