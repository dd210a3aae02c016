import { useRef, useState, type ReactNode } from 'react'
import type { ExtraProps } from 'react-markdown'
import { canonicalLanguage } from './languages'

type CopyState = 'idle' | 'copied' | 'failed'

/** The fence's language tag from the `language-x` class remark gives the inner `<code>`. */
function fenceLanguage(node: ExtraProps['node']): string | null {
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code')
  const classes = code && code.type === 'element' ? code.properties['className'] : undefined
  const tag = Array.isArray(classes) ? classes.map(String).find((name) => name.startsWith('language-')) : undefined
  return tag ? tag.slice('language-'.length) : null
}

const COPY_LABEL: Readonly<Record<CopyState, string>> = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' }

/**
 * A fenced code block: a header with the language and a Copy button, and the code itself, which
 * scrolls sideways inside the block so one long line never widens the page.
 */
export function CodeBlock({ node, children }: Readonly<{ children?: ReactNode } & ExtraProps>): ReactNode {
  const pre = useRef<HTMLPreElement>(null)
  const [state, setState] = useState<CopyState>('idle')
  const language = fenceLanguage(node)
  const copy = (): void => {
    // The fence's closing newline is markdown syntax, not part of the code.
    const text = (pre.current?.textContent ?? '').replace(/\n$/, '')
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed')
    )
    window.setTimeout(() => setState('idle'), 1800)
  }
  return (
    <div className="code-block" data-testid="code-block" data-language={language ? canonicalLanguage(language) : undefined}>
      <div className="code-block__header">
        <span className="code-block__language">{language ?? 'text'}</span>
        <button type="button" className="code-block__copy" aria-label="Copy" title={state === 'failed' ? 'The clipboard refused; select the code and press Ctrl+C (⌘C on a Mac)' : 'Copy this code'} onClick={copy} data-testid="code-copy">
          {COPY_LABEL[state]}
        </button>
      </div>
      <pre ref={pre} className="code-block__pre" tabIndex={0}>
        {children}
      </pre>
    </div>
  )
}
