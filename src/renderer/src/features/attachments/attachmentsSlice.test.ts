import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'

describe('attachments slice', () => {
  it('says why each refused file was refused, one sentence per line, and stores none of them', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    const big = new Uint8Array(300 * 1024).fill(97)
    await store
      .getState()
      .attachFiles([
        new File([big], 'huge.log', { type: 'text/plain' }),
        new File(['....'], 'clip.mp4', { type: 'video/mp4' })
      ])
    expect(store.getState().attachError?.split('\n')).toEqual([
      'huge.log is 300 KB; text files up to 256 KB (about 66k tokens) can be attached. Attach the part you need, or split it.',
      'clip.mp4 is video/mp4; attach images (JPEG, PNG, GIF, WebP), PDFs or text files (.txt, .md, .csv, .json, .log, code).'
    ])
    expect(store.getState().draftAttachments).toEqual([])
    expect(api.calls).toEqual([])
  })
})
