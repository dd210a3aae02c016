import { describe, expect, it } from 'vitest'
import { editorLanguage } from './editorLanguage'

describe('editorLanguage', () => {
  it('edits the prompt files as markdown, whatever the case of their extension', () => {
    expect(editorLanguage('/home/me/.hearth/agents/scout/SOUL.md')).toBe('markdown')
    expect(editorLanguage('C:\\work\\repo\\AGENTS.MD')).toBe('markdown')
    expect(editorLanguage('/repo/.cursor/rules/style.mdc')).toBe('markdown')
  })

  it('knows the config formats Monaco is bundled with', () => {
    expect(editorLanguage('/home/me/.hearth/config.json')).toBe('json')
    expect(editorLanguage('/repo/settings.yml')).toBe('yaml')
    expect(editorLanguage('/repo/compose.yaml')).toBe('yaml')
  })

  it('edits anything else as plain text instead of guessing', () => {
    expect(editorLanguage('/repo/.cursorrules')).toBe('plaintext')
    expect(editorLanguage('/repo/notes')).toBe('plaintext')
    expect(editorLanguage('/repo/md')).toBe('plaintext')
  })
})
