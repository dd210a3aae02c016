import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useFakeModelCore } from '../helpers/fakeModelCore'
import { runHearthAsync } from '../helpers/cli'
import { testId } from '../../src/shared/testing/ids'

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
    ).rejects.toThrow(/a\.bmp is image\/bmp; attach images \(JPEG, PNG, GIF, WebP\), PDFs or text files/)
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
      agentId: testId.agent('scribe'),
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
    const stored = core.internals.db
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
      agentId: testId.agent('scribe'),
      text: 'five',
      attachments: ids.slice(0, 5)
    })
    const db = core.internals.db
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

describe('attachments: text files sent to the model as text', () => {
  const CRLF_WITH_BOM = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('# Tides\r\n\r\nHigh water 06:12 — 2.4 m\r\nLow water 12:30\r\n')
  ])
  const NORMALISED = '# Tides\n\nHigh water 06:12 — 2.4 m\nLow water 12:30\n'

  it('stores the text once as UTF-8 without a BOM and with LF line ends, under its name', async () => {
    const store = model.open().services.attachments
    const notes = await store.add({ name: 'tides.md', mediaType: 'text/markdown', data: CRLF_WITH_BOM })
    expect(notes).toMatchObject({
      name: 'tides.md',
      mediaType: 'text/plain',
      bytes: Buffer.byteLength(NORMALISED),
      width: null,
      pages: null
    })
    const folder = join(model.home, 'attachments', notes.id.slice(0, 2))
    expect(readFileSync(join(folder, `${notes.id}.txt`), 'utf8')).toBe(NORMALISED)
    expect(store.thumbnailDataUrl(notes.id)).toBeNull()
    // The same text saved on another system is the same attachment.
    const again = await store.add({ name: 'copy.md', mediaType: '', data: Buffer.from(NORMALISED) })
    expect(again.id).toBe(notes.id)
    // Source code whatever type the browser guessed (".ts" is "video/mp2t" to some), and data files.
    for (const [name, mediaType] of [
      ['main.ts', 'video/mp2t'],
      ['rows.csv', 'text/csv'],
      ['config.json', 'application/json'],
      ['server.log', 'application/octet-stream']
    ] as const)
      await expect(store.add({ name, mediaType, data: Buffer.from(`${name}\n`) })).resolves.toMatchObject({
        name,
        mediaType: 'text/plain'
      })
  })

  it('refuses binary, other encodings and oversized text, saying what and where, and stores nothing', async () => {
    const store = model.open().services.attachments
    const refuse = (name: string, mediaType: string, data: Buffer) => store.add({ name, mediaType, data })
    await expect(
      refuse('x.bin', 'application/octet-stream', Buffer.from([0x41, 0x0a, 0x42, 0x00, 0x01]))
    ).rejects.toThrow('x.bin is not UTF-8 text: it holds binary data (a zero byte at offset 3, line 2)')
    await expect(
      refuse('menu.txt', 'text/plain', Buffer.from('Caf\n cr\xe8me br\xfbl\xe9e\n', 'latin1'))
    ).rejects.toThrow(
      /menu\.txt is not UTF-8 text: line 2 has bytes that are not valid UTF-8 \(from offset 7;.*Save it as UTF-8/
    )
    await expect(refuse('wide.txt', 'text/plain', Buffer.from('\ufeffhello', 'utf16le'))).rejects.toThrow(
      'wide.txt is not UTF-8 text: it is UTF-16'
    )
    await expect(refuse('big.log', 'text/plain', Buffer.alloc(300 * 1024, 'a'))).rejects.toThrow(
      'big.log is 300 KB; text files up to 256 KB (about 66k tokens) can be attached'
    )
    await expect(refuse('blank.txt', 'text/plain', Buffer.from(' \r\n\r\n'))).rejects.toThrow(
      /has no text in it/
    )
    await expect(refuse('clip.mp4', 'video/mp4', Buffer.from('....'))).rejects.toThrow(
      /clip\.mp4 is video\/mp4; attach images .*, PDFs or text files/
    )
    expect(existsSync(join(model.home, 'attachments'))).toBe(false)
  })

  it('sends a text file as a plain-text document titled by its name, finds the chat by the name, and resends it byte for byte', async () => {
    const core = model.open({ agent: ['Scribe', 'scribe'] })
    const notes = await core.services.attachments.add({
      name: 'tides.md',
      mediaType: 'text/markdown',
      data: CRLF_WITH_BOM
    })
    model.fake.script('High water at 06:12.', 'Still 06:12.')
    const turn = await core.services.chat.runTurn({
      agentId: testId.agent('scribe'),
      text: 'When is high water?',
      attachments: [notes.id]
    })
    expect(userBlocks(0)).toEqual([
      {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: NORMALISED },
        title: 'tides.md'
      },
      { type: 'text', text: 'When is high water?', cache_control: expect.anything() }
    ])
    const stored = JSON.parse(
      core.internals.db.prepare("SELECT content FROM messages WHERE role = 'user'").pluck().get() as string
    )
    expect(stored[0]).toEqual({
      type: 'document',
      source: {
        type: 'attachment',
        id: notes.id,
        media_type: 'text/plain',
        name: 'tides.md',
        bytes: notes.bytes
      }
    })
    expect(core.services.sessions.search('tides', {}).map((hit) => hit.sessionId)).toEqual([turn.sessionId])
    await core.services.chat.runTurn({ sessionId: turn.sessionId, text: 'And again?' })
    expect(userBlocks(1)[0]).toEqual(userBlocks(0)[0])
    expect(model.fake.requests[1]?.usage?.cache_read_input_tokens).toBeGreaterThan(0)
  })
})
