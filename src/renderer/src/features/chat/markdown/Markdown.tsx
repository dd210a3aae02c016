import { memo, useEffect, useState, type ReactNode } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { CodeBlock } from './CodeBlock'
import { rehypeHighlightCode } from './highlightCode'
import { isLanguageReady, loadLanguage } from './languages'
import './code.css'

/**
 * Links in model output open outside the app: a new window request, which the Electron shell
 * hands to the system browser for https only (and the browser host opens in a new tab). A plain
 * click would otherwise try to navigate the app itself away, which the shell refuses.
 */
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  pre: CodeBlock
}

const REMARK_PLUGINS = [remarkGfm]
const REHYPE_PLUGINS = [rehypeHighlightCode]

const FENCE = /^ {0,3}(?:```|~~~)[ \t]*([\w#+.-]+)/gm

/** The language tags of the fenced blocks in a text that are not registered yet. */
export function missingLanguages(text: string): string[] {
  return [...new Set([...text.matchAll(FENCE)].map((match) => match[1] ?? ''))].filter(
    (tag) => tag !== '' && !isLanguageReady(tag)
  )
}

/** Loads the languages a text needs and re-renders once they are in; the text shows plain meanwhile. */
function useLanguagesFor(text: string): number {
  const [loaded, setLoaded] = useState(0)
  const missing = missingLanguages(text).join(' ')
  useEffect(() => {
    if (missing === '') return
    let live = true
    void Promise.all(missing.split(' ').map(loadLanguage)).then((results) => {
      if (live && results.some(Boolean)) setLoaded((count) => count + 1)
    })
    return () => {
      live = false
    }
  }, [missing])
  return loaded
}

/**
 * A reply as GitHub-flavoured markdown (tables, lists, code with highlighting). Raw HTML in model
 * output is shown as text, never rendered: `skipHtml` drops HTML nodes instead of injecting them;
 * unsafe URL schemes (javascript:, data:) are blanked by react-markdown's default URL transform,
 * and remote images are blocked by the CSP (img-src 'self' data:), so a reply cannot beacon out.
 */
export const Markdown = memo(function Markdown({ text }: Readonly<{ text: string }>): ReactNode {
  // Re-rendering when a grammar arrives is enough: the highlighter reads the registry on each run.
  const loaded = useLanguagesFor(text)
  return (
    <div className="chat-markdown" data-languages-loaded={loaded}>
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        rehypePlugins={REHYPE_PLUGINS}
        skipHtml
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  )
})
