import * as monaco from 'monaco-editor/editor/editor.api'
import { loader } from '@monaco-editor/react'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker'
import './monacoFeatures'

// Only the editor core, the editing features in ./monacoFeatures and the three languages Hearth
// edits (markdown, YAML frontmatter and skills, JSON config). The full `monaco-editor` entry would
// bring eighty languages and the TypeScript, CSS and HTML workers (~15 MB) to edit a markdown file.
// Workers come from the app's own assets, and `loader.config({ monaco })` stops
// @monaco-editor/react from injecting a <script> from a CDN (the CSP allows no remote scripts).
self.MonacoEnvironment = {
  getWorker(_id: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker()
  }
}
loader.config({ monaco })

/** Hearth's palette in Monaco: `[background, line highlight, line number, active line number, selection, accent]`. */
function defineHearthTheme(
  name: string,
  base: 'vs' | 'vs-dark',
  palette: readonly [string, string, string, string, string, string]
): void {
  const [background, line, number, activeNumber, selection, accent] = palette
  monaco.editor.defineTheme(name, {
    base,
    inherit: true,
    rules: [
      { token: 'keyword.md', foreground: accent.slice(1), fontStyle: 'bold' },
      { token: 'strong.md', fontStyle: 'bold' },
      { token: 'emphasis.md', fontStyle: 'italic' }
    ],
    colors: {
      'editor.background': background,
      'editor.lineHighlightBackground': line,
      'editorLineNumber.foreground': number,
      'editorLineNumber.activeForeground': activeNumber,
      'editor.selectionBackground': selection,
      'editorCursor.foreground': accent
    }
  })
}

/** The editor themes, matched to theme.css (warm paper, charcoal ink, ember accent) and theme-dark.css. */
export const HEARTH_THEME = 'hearth-light'
export const HEARTH_DARK_THEME = 'hearth-dark'
defineHearthTheme(HEARTH_THEME, 'vs', ['#fffdf9', '#f7f0e6', '#c2b5a5', '#766a5f', '#f3d5c3', '#b8532d'])
defineHearthTheme(HEARTH_DARK_THEME, 'vs-dark', [
  '#25211e',
  '#2e2925',
  '#5f554c',
  '#a99c8f',
  '#5a3524',
  '#e27d52'
])

/** The editor theme for the page's theme. */
export function editorTheme(page: 'light' | 'dark'): string {
  return page === 'dark' ? HEARTH_DARK_THEME : HEARTH_THEME
}

export { monaco }
