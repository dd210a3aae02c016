import { describe, expect, it } from 'vitest'
import { NEXUS_SUMMARY_MAX, NexusPostInput } from '../../../../shared/contract'
import { EMPTY_USER_POST, draftProblem, summaryRoom, userPostInput } from './userPost'

const lyra = { id: 'lyra', name: 'Lyra' }

describe('a post by the user', () => {
  it('posts a note as a turn entry signed by the user, details as the body', () => {
    const input = userPostInput({
      ...EMPTY_USER_POST,
      summary: '  Back on Monday ',
      details: 'Reviews wait.'
    })
    expect(input).toEqual({ agent: 'user', type: 'turn', summary: 'Back on Monday', body: 'Reviews wait.' })
    expect(NexusPostInput.safeParse(input).success).toBe(true)
  })

  it('requires a rationale for a decision and sends it trimmed', () => {
    const draft = { ...EMPTY_USER_POST, kind: 'decision' as const, summary: 'WebP thumbnails' }
    expect(draftProblem(draft)).toBe('A decision needs a rationale: say why it was decided.')
    const ready = { ...draft, rationale: ' Half the size of JPEG ' }
    expect(draftProblem(ready)).toBeNull()
    expect(userPostInput(ready)).toEqual({
      agent: 'user',
      type: 'decision',
      summary: 'WebP thumbnails',
      rationale: 'Half the size of JPEG'
    })
  })

  it('names the agent a handoff is for in its summary, and counts that prefix against the limit', () => {
    const draft = { ...EMPTY_USER_POST, kind: 'handoff' as const, summary: 'Tag the album covers' }
    expect(draftProblem(draft)).toBe('Choose the agent the work is handed to.')
    const addressed = { ...draft, to: lyra }
    expect(userPostInput(addressed).summary).toBe('To Lyra: Tag the album covers')
    expect(summaryRoom(addressed)).toBe(NEXUS_SUMMARY_MAX - 'To Lyra: Tag the album covers'.length)
    const long = { ...addressed, summary: 'x'.repeat(NEXUS_SUMMARY_MAX - 5) }
    expect(draftProblem(long)).toBe(
      `The summary is 4 characters over the limit of ${NEXUS_SUMMARY_MAX}, "To …:" included.`
    )
  })

  it('refuses an empty or multi-line summary in words', () => {
    expect(draftProblem(EMPTY_USER_POST)).toBe('Write a one-line summary.')
    expect(draftProblem({ ...EMPTY_USER_POST, summary: 'a\nb' })).toBe(
      'The summary is one line (no line breaks).'
    )
  })
})
