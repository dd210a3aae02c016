import type { ReactNode } from 'react'
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'

/**
 * A reply as GitHub-flavoured markdown (tables, lists, code). Raw HTML in model output is
 * shown as text, never rendered: `skipHtml` drops HTML nodes instead of injecting them.
 */
export function Markdown({ text }: Readonly<{ text: string }>): ReactNode {
  return (
    <div className="chat-markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  )
}
