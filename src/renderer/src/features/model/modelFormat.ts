import type { ModelInfo } from '../../../../shared/contract'

/** "$2 / $10" style: dollars per million tokens, without trailing zeros. */
function dollars(value: number): string {
  return `$${Number(value.toFixed(3)).toString()}`
}

/** 200000 → "200k". */
export function tokensShort(tokens: number): string {
  return tokens >= 1_000_000 ? `${Number((tokens / 1_000_000).toFixed(1))}M` : `${Math.round(tokens / 1000)}k`
}

/** One option line of the picker: id, context window and input/output prices. */
export function modelOptionLabel(model: ModelInfo): string {
  return `${model.id} — ${tokensShort(model.contextWindow)} context · ${dollars(model.prices.input)} / ${dollars(model.prices.output)} per M tokens`
}

/** The sentence under the picker for the chosen model. */
export function modelDetails(model: ModelInfo): string {
  const { input, output, cacheRead, cacheWrite5m } = model.prices
  const figures = `${model.contextWindow.toLocaleString('en-US')}-token context window. Per million tokens: ${dollars(input)} input, ${dollars(output)} output, ${dollars(cacheWrite5m)} cache write, ${dollars(cacheRead)} cache read.`
  return model.assumed ? `${figures} Some of these figures are estimates.` : figures
}

export const CUSTOM_MODEL_DETAILS =
  'Not in Hearth’s model table: Hearth shows no cost estimates for it and caps each context file at the default 20,000 characters.'
