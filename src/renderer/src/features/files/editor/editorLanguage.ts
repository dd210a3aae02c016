/**
 * The Monaco language for a file Hearth opens, from its name. Only these are bundled (see
 * monacoSetup.ts); anything else is edited as plain text rather than guessed.
 */
export function editorLanguage(path: string): 'markdown' | 'json' | 'yaml' | 'plaintext' {
  const name = path.split(/[\\/]/).pop()?.toLowerCase() ?? ''
  if (/\.(md|mdc|markdown)$/.test(name)) return 'markdown'
  if (/\.(json|jsonc)$/.test(name)) return 'json'
  if (/\.(ya?ml)$/.test(name)) return 'yaml'
  return 'plaintext'
}
