import type { FakeAnthropic } from '../../tests/fakeAnthropic'
import type { DayTurn } from './dayPlan'

const TOPICS = [
  'the train times to Annecy',
  'a packing list for three days',
  'the budget for the hostel',
  'a reply to the landlord',
  'notes from the planning call',
  'the walking route above the lake'
]

/** A persona long enough that tools + stable tier are well above the minimum cacheable size. */
export function dayPersona(name: string): string {
  const rules = Array.from(
    { length: 30 },
    (_, i) =>
      `- Rule ${i + 1}: say what you know and where it came from; keep answers short and end with one concrete next step.`
  )
  return [
    `# ${name}`,
    '',
    `You are ${name}, a personal assistant who plans, writes and keeps careful notes.`,
    ...rules
  ].join('\n')
}

export function userTextFor(turn: DayTurn, index: number): string {
  const topic = TOPICS[index % TOPICS.length] as string
  return `Turn ${index + 1}: could you help with ${topic}? Keep it brief${turn.kind === 'memory' ? ', and remember what I said about it' : ''}.`
}

export function replyFor(index: number): string {
  return `Here is a short answer for turn ${index + 1}: the first option keeps things simple and cheap, the second saves time but costs more. I would start with the first and check again tomorrow. `.repeat(
    2
  )
}

/** Queues the fake's replies for one turn: a tool call first when the turn has one, then the answer. */
export function scriptTurn(fake: FakeAnthropic, turn: DayTurn, index: number): void {
  if (turn.compress)
    fake.script(`Summary of the conversation so far, up to turn ${index}: trip plans, budget and notes.`)
  if (turn.kind === 'memory')
    fake.script({
      toolUses: [
        {
          name: 'memory',
          input: {
            action: 'add',
            target: 'memory',
            content: `Preference noted on turn ${index + 1}: trains over buses.`
          }
        }
      ]
    })
  if (turn.kind === 'tool')
    fake.script({
      text: 'Let me look through earlier chats.',
      toolUses: [{ name: 'session_search', input: { query: 'budget' } }]
    })
  fake.script(replyFor(index))
}
