import type { YearRandom } from './yearVolumes'

const WORDS = (
  'the plan budget garden trip Lyon reading list move kitchen invoice meeting draft review deploy ' +
  'server database index query cache latency memory agent project release schedule Friday Monday ' +
  'notes decision option second first check write change test branch merge config setting report ' +
  'doctor appointment school recipe bread flour train ticket hotel room cost price total summary ' +
  'because so then still already maybe quickly carefully again later today tomorrow weekly'
).split(' ')

const TOPICS = [
  'the trip to Lyon',
  'the garden plan',
  'the budget sheet',
  'the reading list',
  'the move',
  'the release',
  'the database migration',
  'the tax return',
  'the kitchen renovation',
  'the running plan'
]

const CODE = [
  '```ts\nexport function total(items: number[]): number {\n  return items.reduce((sum, item) => sum + item, 0)\n}\n```',
  '```sql\nSELECT name, total FROM invoices WHERE paid = 0 ORDER BY due LIMIT 50;\n```',
  '```python\nfor row in rows:\n    print(row["name"], row["total"])\n```',
  '```bash\ngit rebase main && npm test\n```'
]

/** `chars` characters of plain prose, words drawn from the generator. */
export function prose(random: YearRandom, chars: number): string {
  const words: string[] = []
  let length = 0
  while (length < chars) {
    const word = random.pick(WORDS)
    words.push(word)
    length += word.length + 1
  }
  return words.join(' ').slice(0, Math.max(1, chars))
}

export function topic(random: YearRandom): string {
  return random.pick(TOPICS)
}

/** What a person types: mostly a line or two, now and then a long paste or an attachment named. */
export function userText(random: YearRandom, turn: number): string {
  const length = random.logNormal(90, 1.0, 8, 6_000)
  const attachment = random.chance(0.03) ? ` (attached: notes-${turn}.pdf)` : ''
  return `Question ${turn} about ${topic(random)}: ${prose(random, length)}${attachment}`
}

/** A reply: prose around a median of a few hundred characters, a list or code now and then. */
export function replyText(random: YearRandom, turn: number): string {
  const body = `Reply ${turn}: ${prose(random, random.logNormal(420, 0.9, 20, 12_000))}`
  const shape = random.next()
  if (shape < 0.18) return `${body}\n\n${random.pick(CODE)}`
  if (shape < 0.3) return `${body}\n\n- ${prose(random, 40)}\n- ${prose(random, 50)}\n- ${prose(random, 30)}`
  return body
}
