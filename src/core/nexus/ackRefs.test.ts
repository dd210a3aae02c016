import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testId } from '../../shared/testing/ids'
import { openNexusTestHome, type NexusTestHome } from './testing/nexusTestHome'

describe('acknowledgement status, from the acks kept between calls', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
    home.agents.create('Ella', testId.agent('ella'))
    home.agents.create('Lyra', testId.agent('lyra'))
    home.agents.create('Orion', testId.agent('orion'))
  })
  afterEach(() => home.dispose())

  const decide = (summary: string): number =>
    home.nexus.post({ agent: 'lyra', type: 'decision', summary, rationale: 'simplest' }).entry.seq
  const ack = (agent: string, refs: number[]): number =>
    home.nexus.post({ agent, type: 'ack', summary: 'Noted', refs }).entry.seq

  it('names who acknowledged each entry (their first ack of it) and who still owes one, acks appended since included', () => {
    const dates = decide('Dates are stored as UTC')
    const fonts = decide('Fonts are bundled')
    const ellaAck = ack('ella', [dates, fonts])
    ack('ella', [dates])
    const first = home.nexus.acks.status({ seqs: [dates, fonts] }).entries
    expect(first.map((entry) => [entry.seq, entry.acked, entry.awaiting])).toEqual([
      [dates, [{ member: 'ella', ackSeq: ellaAck }], ['orion']],
      [fonts, [{ member: 'ella', ackSeq: ellaAck }], ['orion']]
    ])
    // Written after the first call: read from the rows appended since, not missed.
    const orionAck = ack('orion', [fonts])
    const next = home.nexus.acks.status({ seqs: [fonts] }).entries[0]
    expect(next?.acked).toEqual([
      { member: 'ella', ackSeq: ellaAck },
      { member: 'orion', ackSeq: orionAck }
    ])
    expect(next?.awaiting).toEqual([])
  })
})
