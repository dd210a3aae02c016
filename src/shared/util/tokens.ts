/**
 * Rough token estimate used everywhere a figure is shown before the model counts for real:
 * one token per four characters, rounded up (the same heuristic the fake server's tokenizer
 * and Anthropic's own guidance use for English text).
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}
