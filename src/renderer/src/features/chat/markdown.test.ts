import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Markdown } from './Markdown'

function render(text: string): string {
  return renderToStaticMarkup(createElement(Markdown, { text }))
}

describe('Markdown (model output)', () => {
  it('renders GFM tables and code', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1\n```')
    expect(html).toContain('<table>')
    expect(html).toContain('<code class="language-ts">')
  })

  it('never renders raw HTML from the model', () => {
    const html = render('hello <img src=x onerror=alert(1)> <script>alert(1)</script> <b>bold</b>')
    expect(html).not.toMatch(/<img|<script|<b>/)
  })

  it('opens links in a new window with no opener, and blanks unsafe schemes', () => {
    const html = render('[docs](https://docs.example/) and [bad](javascript:alert(1))')
    expect(html).toContain('<a href="https://docs.example/" target="_blank" rel="noopener noreferrer">docs</a>')
    expect(html).not.toContain('javascript:')
  })
})
