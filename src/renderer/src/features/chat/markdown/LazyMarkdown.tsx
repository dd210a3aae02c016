import { memo, useEffect, useState, type ComponentType, type ReactNode } from 'react'

type MarkdownProps = Readonly<{ text: string }>

let loaded: ComponentType<MarkdownProps> | null = null
let loading: Promise<ComponentType<MarkdownProps> | null> | null = null

/**
 * Fetches the markdown renderer (react-markdown, GFM, highlight.js: a third of what was the app's
 * first code) once: when the first screen is up and the page idle, when a chat is put back at
 * start (while it loads), or when a reply is drawn first. Parsed then, not before the page can
 * draw or talk to the host. A failed fetch (the host went away) is tried again by the next reply
 * drawn; meanwhile replies show as written.
 */
export function loadMarkdown(): Promise<ComponentType<MarkdownProps> | null> {
  loading ??= import('./Markdown').then(
    (module) => (loaded = module.Markdown),
    () => ((loading = null), null)
  )
  return loading
}

/** A reply as markdown; as written (plain, wrapped) in the moment before the renderer is in. */
export const Markdown = memo(function Markdown({ text }: MarkdownProps): ReactNode {
  const [Renderer, setRenderer] = useState(() => loaded)
  useEffect(() => {
    if (Renderer !== null) return
    let live = true
    void loadMarkdown().then((component) => {
      if (live && component !== null) setRenderer(() => component)
    })
    return () => {
      live = false
    }
  }, [Renderer])
  if (Renderer !== null) return <Renderer text={text} />
  return <div className="chat-markdown chat-markdown--plain">{text}</div>
})
