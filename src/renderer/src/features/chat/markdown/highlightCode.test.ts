import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { isLanguageReady, loadLanguage } from './languages'
import { Markdown } from './Markdown'

function render(text: string): string {
  return renderToStaticMarkup(createElement(Markdown, { text }))
}

describe('highlighting code blocks', () => {
  it('highlights a fence by its alias and leaves inline code alone', () => {
    const html = render('Call `const x` inline.\n\n```sh\necho "hi"\n```')
    expect(html).toContain('<code>const x</code>')
    expect(html).toContain('<code class="hljs language-sh">')
    expect(html).toContain('<span class="hljs-built_in">echo</span>')
  })

  it('shows a not-yet-loaded language plain, then highlighted once its grammar has loaded', async () => {
    const text = '```haskell\nmain = putStrLn "hi"\n```'
    expect(isLanguageReady('haskell')).toBe(false)
    expect(render(text)).not.toContain('hljs-')
    expect(await loadLanguage('hs')).toBe(true)
    expect(render(text)).toContain('<code class="hljs language-haskell">')
    expect(render(text)).toContain('hljs-string')
  })
})
