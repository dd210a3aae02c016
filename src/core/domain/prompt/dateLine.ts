/**
 * "Tuesday, June 16, 2026": the session's date only. A time of day would change the volatile
 * tier every minute and teach the model a clock it cannot keep; the date changes once a day.
 */
export function formatSessionDate(now: number, timeZone?: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: '2-digit',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {})
  })
  const parts = Object.fromEntries(format.formatToParts(new Date(now)).map((part) => [part.type, part.value]))
  return `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year}`
}

/** The last layer of the prompt: date, then model and provider (read back on resume). */
export function sessionLine(now: number, model: string, provider: string, timeZone?: string): string {
  const lines = [`Session date: ${formatSessionDate(now, timeZone)}`]
  if (model.trim() !== '') lines.push(`Model: ${model.trim()}`)
  if (provider.trim() !== '') lines.push(`Provider: ${provider.trim()}`)
  return lines.join('\n')
}
