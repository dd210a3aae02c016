/**
 * A stable colour per author so the same agent reads the same everywhere in the timeline.
 * Hue from a small string hash; saturation and lightness fixed to stay readable on the theme.
 */
export function authorHue(author: string): number {
  let hash = 0
  for (const char of author) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return hash % 360
}

export function authorStyle(author: string): {
  readonly background: string
  readonly color: string
  readonly borderColor: string
} {
  const hue = authorHue(author)
  return {
    background: `hsl(${hue} 55% 93%)`,
    color: `hsl(${hue} 45% 28%)`,
    borderColor: `hsl(${hue} 45% 62%)`
  }
}

/** "2026-01-05 09:00" in local time: the timeline is read by the user, in their zone. */
export function formatTime(ts: number): string {
  const date = new Date(ts)
  const pad = (value: number): string => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** "09:00", local time: the lanes' time gutter, where the date is shown only when it changes. */
export function formatClock(ts: number): string {
  return formatTime(ts).slice(11)
}
