import sharp from 'sharp'
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/fakeAnthropic'
import { expect, test, type Page } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage, connectModel, withRpc } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Pages /Count 2 >> endobj\n2 0 obj << /Type /Page >> endobj\n3 0 obj << /Type /Page >> endobj\n%%EOF'
)

const NOTES_WITH_BOM_AND_CRLF = Buffer.concat([
  Buffer.from([0xef, 0xbb, 0xbf]),
  Buffer.from('# Field notes\r\n\r\nTwo herons at the weir, 07:40.\r\n')
])

let fake: FakeAnthropic
test.beforeAll(async () => {
  fake = await startFakeAnthropic()
})
test.afterAll(async () => fake.close())

/** Fires a paste or drop carrying one file at `selector`, as the browser would for a real one. */
async function deliverFile(
  page: Page,
  selector: string,
  kind: 'paste' | 'drop',
  file: { name: string; type: string; data: Buffer }
): Promise<void> {
  await page.evaluate(`(() => {
    const transfer = new DataTransfer()
    const bytes = Uint8Array.from(atob('${file.data.toString('base64')}'), (c) => c.charCodeAt(0))
    transfer.items.add(new File([bytes], '${file.name}', { type: '${file.type}' }))
    const target = document.querySelector('${selector}')
    const event = '${kind}' === 'paste'
      ? new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true })
      : new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true })
    target.dispatchEvent(event)
  })()`)
}

test('images, PDFs and text files pasted, dropped or picked go to the model as blocks, show as thumbnails or named chips, are counted in the Inspector, and are refused with a reason over the limits', async ({
  page,
  hearth
}) => {
  fake.reset()
  const app = new HearthApp(page)
  await app.open(hearth.url)
  await app.completeFirstRun('Scribe', '# About me\n\nI photograph birds.\n')
  await withRpc(hearth, (rpc) => connectModel(rpc, fake.url))
  const chat = new ChatPage(page)
  await app.goTo('chat')

  const photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#3b7ea1' } })
    .png()
    .toBuffer()
  await deliverFile(page, 'form.chat-composer', 'drop', { name: 'heron.png', type: 'image/png', data: photo })
  await expect(page.getByTestId('draft-attachment')).toHaveCount(1)
  await deliverFile(page, '[data-testid="chat-input"]', 'paste', {
    name: 'notes.pdf',
    type: 'application/pdf',
    data: PDF
  })
  await expect(page.getByTestId('draft-attachment')).toHaveCount(2)
  await expect(page.getByTestId('draft-attachment').nth(1)).toContainText('2 p')

  await page
    .getByTestId('attach-input')
    .setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(4 * 1024 * 1024, 7) }])
  await expect(page.getByTestId('attach-error')).toContainText(
    'huge.png is 4.0 MB; the model accepts images up to 3.8 MB'
  )
  await expect(page.getByTestId('attach-error')).toContainText('Resize or compress it')
  await page.getByTestId('attach-input').setInputFiles([
    {
      name: 'tide-table.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0x54, 0x00, 0x01])
    }
  ])
  await expect(page.getByRole('alert')).toContainText(
    'tide-table.bin is not UTF-8 text: it holds binary data (a zero byte at offset 1, line 1)'
  )
  await expect(page.getByTestId('draft-attachment')).toHaveCount(2)
  await page
    .getByTestId('attach-input')
    .setInputFiles([{ name: 'field-notes.md', mimeType: 'text/markdown', buffer: NOTES_WITH_BOM_AND_CRLF }])
  const notesChip = page.getByTestId('draft-attachment').filter({ hasText: 'field-notes.md' })
  await expect(notesChip).toContainText('MD')
  await expect(notesChip.getByRole('button', { name: 'Remove field-notes.md' })).toBeVisible()
  await expect(page.getByTestId('draft-attachment')).toHaveCount(3)
  await snap(page, 'chat-attachments-draft-1280')

  fake.script('A heron on blue, and two pages of field notes.')
  await chat.send('What did I send?')
  await chat.waitForTurns(1)
  await expect(page.getByTestId('draft-attachment')).toHaveCount(0)
  const blocks =
    (
      fake.requests.at(-1)?.body as {
        messages: {
          content: { type: string; source?: { data: string; media_type: string }; title?: string }[]
        }[]
      }
    ).messages[0]?.content ?? []
  expect(blocks.map((b) => b.type)).toEqual(['image', 'document', 'document', 'text'])
  expect(blocks[0]?.source).toMatchObject({ media_type: 'image/png', data: photo.toString('base64') })
  expect(blocks[1]?.source).toMatchObject({ media_type: 'application/pdf', data: PDF.toString('base64') })
  expect(blocks[2]).toMatchObject({
    source: {
      type: 'text',
      media_type: 'text/plain',
      data: '# Field notes\n\nTwo herons at the weir, 07:40.\n'
    },
    title: 'field-notes.md'
  })
  const sent = page.getByTestId('message-attachment')
  await expect(sent).toHaveCount(3)
  await expect(sent.first()).toHaveAttribute('alt', 'heron.png')
  await expect(sent.nth(1)).toContainText('notes.pdf')
  await expect(sent.nth(2)).toContainText('field-notes.md')
  await snap(page, 'chat-attachments-sent-1280')
  await page.setViewportSize({ width: 900, height: 700 })
  expect(await chat.pageScrollsSideways()).toBe(false)
  await snap(page, 'chat-attachments-sent-900')
  await page.setViewportSize({ width: 1280, height: 800 })

  await chat.inspectTurn(0)
  await expect(page.getByTestId('inspector-attachments').first()).toContainText('1 image, 1 PDF, 1 text file')
  await snap(page, 'inspector-attachments')
})
