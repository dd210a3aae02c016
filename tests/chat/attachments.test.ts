import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useFakeModelCore } from '../helpers/fakeModelCore'
import { runHearthAsync } from '../helpers/cli'

const model = useFakeModelCore()

function png(width: number, height: number, colour = '#c05a2b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
}
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Pages /Count 2 >> endobj\n2 0 obj << /Type /Page >> endobj\n3 0 obj << /Type /Page >> endobj\n%%EOF'
)

type Block = {
  type: string
  source?: { type: string; media_type: string; data: string }
  title?: string
  text?: string
}
function userBlocks(requestIndex: number, messageIndex = 0): Block[] {
  return (
    (model.fake.requests[requestIndex]?.body as { messages: { content: Block[] }[] }).messages[messageIndex]
      ?.content ?? []
  )
}

describe('attachments: images and PDFs sent to the model', () => {
  it('stores each file once by content hash under the home, with a thumbnail for images', async () => {
    const core = model.open()
    const store = core.services.attachments
    const image = await png(640, 480)
    const first = await store.add({ name: '../../etc/photo.png', mediaType: 'image/png', data: image })
    const again = await store.add({ name: 'copy.png', mediaType: 'image/png', data: image })
    expect(again).toEqual(first)
    expect(first).toMatchObject({
      name: 'photo.png',
      mediaType: 'image/png',
      width: 640,
      height: 480,
      bytes: image.length
    })
    const folder = join(model.home, 'attachments', first.id.slice(0, 2))
    expect(readdirSync(folder)).toEqual([`${first.id}.png`])
    expect(readFileSync(join(folder, `${first.id}.png`))).toEqual(image)
    expect(store.thumbnailDataUrl(first.id)).toMatch(/^data:image\/webp;base64,/)
    const pdf = await store.add({ name: 'notes.pdf', mediaType: 'application/pdf', data: PDF })
    expect(pdf).toMatchObject({ pages: 2, width: null })
    expect(store.thumbnailDataUrl(pdf.id)).toBeNull()
  })

  it('refuses files the model would refuse, saying why and what to do', async () => {
    const store = model.open().services.attachments
    await expect(
      store.add({ name: 'a.png', mediaType: 'image/png', data: Buffer.from('not an image') })
    ).rejects.toThrow(/not a readable image/)
    await expect(
      store.add({ name: 'a.bmp', mediaType: 'image/bmp', data: Buffer.from('BM') })
    ).rejects.toThrow(/attach images \(JPEG, PNG, GIF, WebP\) or PDFs/)
    await expect(
      store.add({ name: 'big.png', mediaType: 'image/png', data: Buffer.alloc(4 * 1024 * 1024, 1) })
    ).rejects.toThrow(/up to 3\.8 MB .*Resize or compress/)
    await expect(
      store.add({ name: 'wide.png', mediaType: 'image/png', data: await png(8100, 10) })
    ).rejects.toThrow(/8100×10 px; the model accepts images up to 8000×8000/)
    await expect(
      store.add({ name: 'fake.pdf', mediaType: 'application/pdf', data: Buffer.from('hello') })
    ).rejects.toThrow(/not a PDF/)
    await expect(
      store.add({
        name: 'locked.pdf',
        mediaType: 'application/pdf',
        data: Buffer.from('%PDF-1.7\n/Encrypt 5 0 R\n')
      })
    ).rejects.toThrow(/encrypted or password-protected/)
    expect(existsSync(join(model.home, 'attachments'))).toBe(false)
  })

  it('sends image and document blocks, stores only references, and a resume in another process still carries them', async () => {
    const core = model.open({ agent: ['Scribe', 'scribe'] })
    const image = await png(200, 100)
    const photo = await core.services.attachments.add({
      name: 'photo.png',
      mediaType: 'image/png',
      data: image
    })
    const notes = await core.services.attachments.add({
      name: 'notes.pdf',
      mediaType: 'application/pdf',
      data: PDF
    })
    model.fake.script('A rust-coloured rectangle and two pages of notes.', 'Still both.')
    const turn = await core.services.chat.runTurn({
      agentId: 'scribe',
      text: 'What did I attach?',
      attachments: [photo.id, notes.id]
    })
    expect(userBlocks(0).map((b) => b.type)).toEqual(['image', 'document', 'text'])
    expect(userBlocks(0)[0]?.source).toEqual({
      type: 'base64',
      media_type: 'image/png',
      data: image.toString('base64')
    })
    expect(userBlocks(0)[1]).toMatchObject({
      source: { type: 'base64', media_type: 'application/pdf', data: PDF.toString('base64') },
      title: 'notes.pdf'
    })
    const stored = core.services.db
      .prepare("SELECT content FROM messages WHERE role = 'user'")
      .pluck()
      .get() as string
    expect(stored).not.toContain(image.toString('base64'))
    expect(JSON.parse(stored)[0]).toEqual({
      type: 'image',
      source: {
        type: 'attachment',
        id: photo.id,
        media_type: 'image/png',
        name: 'photo.png',
        bytes: image.length
      }
    })
    core.dispose()

    const env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: model.fake.url }
    const run = await runHearthAsync(
      ['--home', model.home, '--json', 'chat', '--session', turn.sessionId, 'And now?'],
      { env }
    )
    expect(run.code, run.stderr).toBe(0)
    expect(userBlocks(1)[0]?.source?.data).toBe(image.toString('base64'))
    expect(userBlocks(1)[1]?.source?.data).toBe(PDF.toString('base64'))
    expect(model.fake.requests[1]?.usage?.cache_read_input_tokens).toBeGreaterThan(4000)
  })

  it('refuses too many attachments or an unknown one before storing the message', async () => {
    const core = model.open({ agent: ['Scribe', 'scribe'] })
    const ids: string[] = []
    for (let i = 0; i < 6; i++)
      ids.push(
        (
          await core.services.attachments.add({
            name: `p${i}.png`,
            mediaType: 'image/png',
            data: await png(8, 8, `#0${i}0${i}0${i}`)
          })
        ).id
      )
    model.fake.script('ok')
    const first = await core.services.chat.runTurn({
      agentId: 'scribe',
      text: 'five',
      attachments: ids.slice(0, 5)
    })
    const db = core.services.db
    const before = db.prepare('SELECT COUNT(*) FROM messages').pluck().get()
    await expect(
      core.services.chat.runTurn({
        sessionId: first.sessionId,
        text: 'too many',
        attachments: Array(21).fill(ids[5])
      })
    ).rejects.toThrow(/at most 20 attachments/)
    expect(db.prepare('SELECT COUNT(*) FROM messages').pluck().get()).toBe(before)
    await expect(
      core.services.chat.runTurn({
        sessionId: first.sessionId,
        text: 'unknown',
        attachments: ['0'.repeat(64)]
      })
    ).rejects.toThrow(/No attachment .*attach the file again/)
  })
})
