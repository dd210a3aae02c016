import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { isKnownLanguage, isLanguageReady, loadLanguage } from './languages'
import { Markdown, missingLanguages } from './Markdown'

function render(text: string): string {
  return renderToStaticMarkup(createElement(Markdown, { text }))
}

describe('Markdown (model output)', () => {
  it('renders GFM tables and code', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1\n```')
    expect(html).toContain('<table>')
    expect(html).toContain('<code class="hljs language-ts">')
  })

  it('highlights a bundled language and labels the block with a Copy button', () => {
    const html = render('```python\ndef greet(name):\n    return "hi " + name  # say hi\n```')
    expect(html).toContain('<span class="hljs-keyword">def</span>')
    expect(html).toContain('<span class="hljs-string">&quot;hi &quot;</span>')
    expect(html).toContain('<span class="hljs-comment"># say hi</span>')
    expect(html).toContain('<span class="code-block__language">python</span>')
    expect(html).toMatch(/<button[^>]*aria-label="Copy"[^>]*>Copy<\/button>/)
  })

  it('shows an unknown or unloaded language as plain code, without failing', () => {
    const html = render('```klingon\nqapla\n```\n\n```\nno tag\n```')
    expect(html).toContain('qapla')
    expect(html).toContain('<span class="code-block__language">klingon</span>')
    expect(html).toContain('<span class="code-block__language">text</span>')
    expect(html).not.toContain('hljs-')
  })

  it('loads a language that is not bundled on demand, once, and then highlights it', async () => {
    expect(isLanguageReady('rust')).toBe(false)
    expect(isKnownLanguage('rs')).toBe(true)
    expect(missingLanguages('```rs\nfn main() {}\n```\n```ts\nlet a\n```')).toEqual(['rs'])
    const [first, second] = await Promise.all([loadLanguage('rs'), loadLanguage('rust')])
    expect(first && second).toBe(true)
    expect(render('```rs\nfn main() {}\n```')).toContain('<span class="hljs-keyword">fn</span>')
    expect(await loadLanguage('klingon')).toBe(false)
  })

  it('never renders raw HTML from the model', () => {
    const html = render('hello <img src=x onerror=alert(1)> <script>alert(1)</script> <b>bold</b>')
    expect(html).not.toMatch(/<img|<script|<b>/)
  })

  it('opens links in a new window with no opener, and blanks unsafe schemes', () => {
    const html = render('[docs](https://docs.example/) and [bad](javascript:alert(1))')
    expect(html).toContain(
      '<a href="https://docs.example/" target="_blank" rel="noopener noreferrer">docs</a>'
    )
    expect(html).not.toContain('javascript:')
  })
})
