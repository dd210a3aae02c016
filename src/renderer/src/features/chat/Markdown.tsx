import type { ReactNode } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'

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
  )
}

/**
 * A reply as GitHub-flavoured markdown (tables, lists, code). Raw HTML in model output is
 * shown as text, never rendered: `skipHtml` drops HTML nodes instead of injecting them; unsafe
 * URL schemes (javascript:, data:) are blanked by react-markdown's default URL transform, and
 * remote images are blocked by the CSP (img-src 'self' data:), so a reply cannot beacon out.
 */
export function Markdown({ text }: Readonly<{ text: string }>): ReactNode {
  return (
    <div className="chat-markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  )
}
