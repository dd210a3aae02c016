import * as monaco from 'monaco-editor'
import { loader } from '@monaco-editor/react'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker'
import CssWorker from 'monaco-editor/languages/features/css/css.worker?worker'
import HtmlWorker from 'monaco-editor/languages/features/html/html.worker?worker'
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker'

// Monaco is bundled with the app: workers come from our own assets and `loader.config({ monaco })`
// stops @monaco-editor/react from injecting a <script> from a CDN (toolchain.md §3, G7).
self.MonacoEnvironment = {
  getWorker(_id: string, label: string): Worker {
    if (label === 'json') return new JsonWorker()
    if (label === 'css' || label === 'scss' || label === 'less') return new CssWorker()
    if (label === 'html' || label === 'handlebars' || label === 'razor') return new HtmlWorker()
    if (label === 'typescript' || label === 'javascript') return new TsWorker()
    return new EditorWorker()
  }
}
loader.config({ monaco })

/** The editor theme, matched to theme.css (warm paper, charcoal ink, ember accent). */
export const HEARTH_THEME = 'hearth-light'
monaco.editor.defineTheme(HEARTH_THEME, {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'keyword.md', foreground: 'b8532d', fontStyle: 'bold' },
    { token: 'strong.md', fontStyle: 'bold' },
    { token: 'emphasis.md', fontStyle: 'italic' }
  ],
  colors: {
    'editor.background': '#fffdf9',
    'editor.lineHighlightBackground': '#f7f0e6',
    'editorLineNumber.foreground': '#c2b5a5',
    'editorLineNumber.activeForeground': '#766a5f',
    'editor.selectionBackground': '#f3d5c3',
    'editorCursor.foreground': '#b8532d'
  }
})

/** The same editor at night, matched to theme-dark.css. */
export const HEARTH_DARK_THEME = 'hearth-dark'
monaco.editor.defineTheme(HEARTH_DARK_THEME, {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'keyword.md', foreground: 'e27d52', fontStyle: 'bold' },
    { token: 'strong.md', fontStyle: 'bold' },
    { token: 'emphasis.md', fontStyle: 'italic' }
  ],
  colors: {
    'editor.background': '#25211e',
    'editor.lineHighlightBackground': '#2e2925',
    'editorLineNumber.foreground': '#5f554c',
    'editorLineNumber.activeForeground': '#a99c8f',
    'editor.selectionBackground': '#5a3524',
    'editorCursor.foreground': '#e27d52'
  }
})

/** The editor theme for the page's theme. */
export function editorTheme(page: 'light' | 'dark'): string {
  return page === 'dark' ? HEARTH_DARK_THEME : HEARTH_THEME
}

export { monaco }
