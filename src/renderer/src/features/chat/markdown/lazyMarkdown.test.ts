import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadMarkdown, Markdown } from './LazyMarkdown'

function render(text: string): string {
  return renderToStaticMarkup(createElement(Markdown, { text }))
}

describe('the markdown renderer, loaded off the first screen', () => {
  it('shows a reply as written until the renderer is in, then as markdown', async () => {
    const text = 'Some **bold** words\n\n| a | b |\n|---|---|\n| 1 | 2 |'
    const before = render(text)
    expect(before).toBe(`<div class="chat-markdown chat-markdown--plain">${text}</div>`)

    const renderer = await loadMarkdown()
    expect(renderer).not.toBeNull()
    expect(await loadMarkdown()).toBe(renderer)
    const after = render(text)
    expect(after).toContain('<strong>bold</strong>')
    expect(after).toContain('<table>')
  })
})
