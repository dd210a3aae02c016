import { describe, expect, it } from 'vitest'
import { attachmentBadge, describeAttachments, type AttachmentRef } from './attachmentRefs'

function ref(name: string, mediaType: string, bytes = 1024): AttachmentRef {
  return { id: name, name, mediaType, bytes }
}

describe('attachment chips and summaries', () => {
  it("labels a text file's chip with its extension, TXT without a short one", () => {
    expect(attachmentBadge(ref('tides.md', 'text/plain'))).toBe('MD')
    expect(attachmentBadge(ref('rows.csv', 'text/plain'))).toBe('CSV')
    expect(attachmentBadge(ref('Makefile', 'text/plain'))).toBe('TXT')
    expect(attachmentBadge(ref('notes.markdown', 'text/plain'))).toBe('TXT')
    expect(attachmentBadge(ref('scan.pdf', 'application/pdf'))).toBe('PDF')
    expect(attachmentBadge(ref('heron.png', 'image/png'))).toBe('IMG')
  })

  it('counts images, PDFs and text files apart', () => {
    expect(
      describeAttachments([
        ref('a.png', 'image/png'),
        ref('b.pdf', 'application/pdf'),
        ref('c.md', 'text/plain'),
        ref('d.csv', 'text/plain')
      ])
    ).toBe('1 image, 1 PDF, 2 text files (4.0 KB)')
    expect(describeAttachments([])).toBe('')
  })
})
