import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { WireMessage } from '../turn/requestBuilder'
import { prefixChain } from './requestFingerprint'
import type { SystemBlock } from './systemBlocks'

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

/** The chain as its definition says, hashed from the first block every time. */
function chainFromScratch(model: string, texts: readonly string[]): string[] {
  let hash = sha256(`model|${model}`)
  return texts.map((text) => (hash = sha256(`${hash}\u001f${text}`)))
}

function turn(n: number): WireMessage[] {
  return [
    { role: 'user', content: [{ type: 'text', text: `Question ${n}` }], sourceIds: [], contextBlocks: 0 },
    { role: 'assistant', content: [{ type: 'text', text: `Answer ${n}` }], sourceIds: [], contextBlocks: 0 }
  ]
}

const system: readonly SystemBlock[] = [{ tier: null, text: 'You are Lyra.' }]
const flat = (wire: readonly WireMessage[]): string[] => [
  'system|You are Lyra.',
  ...wire.flatMap((message) =>
    message.content.map((block, i) => `${i === 0 ? message.role : ''}|${JSON.stringify(block)}`)
  )
]

describe('prefixChain', () => {
  it('hashes a chat that grows, is edited in the middle, or changes model exactly as from scratch', () => {
    const first = [...turn(1), ...turn(2)]
    const grown = [...first, ...turn(3)]
    const edited = [...turn(1), ...turn(9), ...turn(3)]
    const cases: [string, WireMessage[]][] = [
      ['claude-sonnet-5-5', first],
      ['claude-sonnet-5-5', grown],
      ['claude-sonnet-5-5', grown],
      ['claude-sonnet-5-5', edited],
      ['claude-haiku-5', grown],
      ['claude-sonnet-5-5', first]
    ]
    for (const [model, wire] of cases) {
      const chain = prefixChain(model, [], system, wire)
      expect(chain.hashes).toEqual(chainFromScratch(model, flat(wire)))
      expect(chain.tokens.at(-1)).toBe(flat(wire).reduce((sum, text) => sum + Math.ceil(text.length / 4), 0))
      expect(chain.messageStarts).toEqual(wire.map((_, i) => 1 + i))
    }
  })
})
