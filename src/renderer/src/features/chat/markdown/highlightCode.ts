import type { Element, ElementContent, Root, RootContent } from 'hast'
import { canonicalLanguage, highlighter } from './languages'

/** The fence's language from remark's `language-x` class; undefined when the block has none. */
function fenceTag(code: Element): string | undefined {
  const classes = code.properties['className']
  if (!Array.isArray(classes)) return undefined
  const tag = classes.map(String).find((name) => name.startsWith('language-'))
  return tag?.slice('language-'.length)
}

/** The code's text: remark gives a fenced block's `<code>` a single text child. */
function codeText(code: Element): string {
  return code.children.map((child) => (child.type === 'text' ? child.value : '')).join('')
}

function highlightBlock(code: Element): void {
  const tag = fenceTag(code)
  if (tag === undefined) return
  const name = canonicalLanguage(tag)
  if (!highlighter.registered(name)) return
  const tree = highlighter.highlight(name, codeText(code), { prefix: 'hljs-' })
  const classes = code.properties['className']
  code.properties['className'] = ['hljs', ...(Array.isArray(classes) ? classes : [])]
  code.children = tree.children as ElementContent[]
}

function visitCode(node: Root | RootContent, parent: Root | Element | null): void {
  if (
    node.type === 'element' &&
    node.tagName === 'code' &&
    parent?.type === 'element' &&
    parent.tagName === 'pre'
  )
    highlightBlock(node)
  else if (node.type === 'element' || node.type === 'root')
    for (const child of node.children) visitCode(child, node)
}

/**
 * The rehype plugin: highlights each fenced block whose language is registered now; the others
 * stay plain until their grammar has loaded (Markdown re-renders then). Inline code is untouched.
 */
export function rehypeHighlightCode(): (tree: Root) => void {
  return (tree) => visitCode(tree, null)
}
