import { useRef, type ReactNode } from 'react'
import type { ExtraProps } from 'react-markdown'
import { COPY_FAILED_HINT, COPY_WORDS, useCopy } from '../useCopy'
import { canonicalLanguage } from './languages'

/** The fence's language tag from the `language-x` class remark gives the inner `<code>`. */
function fenceLanguage(node: ExtraProps['node']): string | null {
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code')
  const classes = code && code.type === 'element' ? code.properties['className'] : undefined
  const tag = Array.isArray(classes)
    ? classes.map(String).find((name) => name.startsWith('language-'))
    : undefined
  return tag ? tag.slice('language-'.length) : null
}

/**
 * A fenced code block: a header with the language and a Copy button, and the code itself, which
 * scrolls sideways inside the block so one long line never widens the page.
 */
export function CodeBlock({ node, children }: Readonly<{ children?: ReactNode } & ExtraProps>): ReactNode {
  const pre = useRef<HTMLPreElement>(null)
  const [state, copy] = useCopy()
  const language = fenceLanguage(node)
  // The fence's closing newline is markdown syntax, not part of the code.
  const onCopy = (): void => copy((pre.current?.textContent ?? '').replace(/\n$/, ''))
  return (
    <div
      className="code-block"
      data-testid="code-block"
      data-language={language ? canonicalLanguage(language) : undefined}
    >
      <div className="code-block__header">
        <span className="code-block__language">{language ?? 'text'}</span>
        <button
          type="button"
          className="code-block__copy"
          aria-label="Copy"
          title={state === 'failed' ? COPY_FAILED_HINT : 'Copy this code'}
          onClick={onCopy}
          data-testid="code-copy"
        >
          {COPY_WORDS[state]}
        </button>
      </div>
      <pre ref={pre} className="code-block__pre" tabIndex={0}>
        {children}
      </pre>
    </div>
  )
}
