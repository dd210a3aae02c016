import { describe, expect, it } from 'vitest'
import { toolOutcome } from './toolOutcome'

describe('what a tool call came to', () => {
  it('reads a refusal from the result even when the call itself went through', () => {
    const result = JSON.stringify({
      success: false,
      error: 'Memory is at 3,990/4,000 chars and this entry (120 chars) does not fit.'
    })
    expect(toolOutcome(true, result)).toEqual({
      state: 'refused',
      reason: 'Memory is at 3,990/4,000 chars and this entry (120 chars) does not fit.'
    })
  })

  it('keeps the first sentence (the rest is advice to the model), and says when no reason came', () => {
    const full = JSON.stringify({
      success: false,
      error:
        "Memory is at 3,990/4,000 chars and this entry (19 chars) does not fit. Make room first: use 'replace'."
    })
    expect(toolOutcome(true, full)).toEqual({
      state: 'refused',
      reason: 'Memory is at 3,990/4,000 chars and this entry (19 chars) does not fit.'
    })
    expect(toolOutcome(true, '{"success":false}')).toEqual({
      state: 'refused',
      reason: 'The tool refused without giving a reason.'
    })
  })

  it('tells done, running, proposed for approval and an errored call apart', () => {
    expect(toolOutcome(true, '{"success":true,"done":true}')).toEqual({ state: 'done' })
    expect(toolOutcome(true, 'plain text result')).toEqual({ state: 'done' })
    expect(toolOutcome(true, '{"success":true,"pending_approval":true}')).toEqual({ state: 'proposed' })
    expect(toolOutcome(null, null)).toEqual({ state: 'running' })
    expect(toolOutcome(false, 'boom')).toEqual({ state: 'failed', reason: null })
    expect(toolOutcome(true, '{"done":true, "note": "cut sho')).toEqual({ state: 'done' })
  })

  it('reads a refusal cut short in a live event by its start', () => {
    const cut = `{"success":false,"error":"Would exceed the \\"limit\\".","current_entries":["${'x'.repeat(50)}`
    expect(toolOutcome(true, cut)).toEqual({ state: 'refused', reason: 'Would exceed the "limit".' })
  })
})
