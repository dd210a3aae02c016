import { describe, expect, it } from 'vitest'
import { parseFrontmatter, renderSkillsIndex, skillFromMarkdown } from './skills'

describe('skills frontmatter', () => {
  it('reads strings, quoted strings, inline and block lists', () => {
    const text = '---\nname: "pdf-tools"\ndescription: Read PDFs\nplatforms: [macos, linux]\ntags:\n  - a\n  - \'b\'\n---\nbody'
    expect(parseFrontmatter(text)).toEqual({ name: 'pdf-tools', description: 'Read PDFs', platforms: ['macos', 'linux'], tags: ['a', 'b'] })
  })
  it('ignores an unclosed block or a file without one', () => {
    expect(parseFrontmatter('---\nname: x\n')).toEqual({})
    expect(parseFrontmatter('# x')).toEqual({})
  })
  it('cuts descriptions over 60 chars to 57 + "..." and falls back to the folder name', () => {
    const skill = skillFromMarkdown('docs', 'summarise', `---\ndescription: ${'d'.repeat(61)}\n---\n`)
    expect(skill.name).toBe('summarise')
    expect(skill.description).toBe(`${'d'.repeat(57)}...`)
    expect(skillFromMarkdown('c', 'x', `---\ndescription: ${'d'.repeat(60)}\n---\n`).description).toHaveLength(60)
  })
  it('maps platform names to Node platform ids', () => {
    expect(skillFromMarkdown('c', 'x', '---\nplatforms: macos, windows\n---\n').platforms).toEqual(['darwin', 'win32'])
  })
})

describe('renderSkillsIndex', () => {
  const set = {
    skills: [
      skillFromMarkdown('writing', 'b-skill', '---\nname: beta\ndescription: Second\n---'),
      skillFromMarkdown('coding', 'lint', '---\nname: lint\n---'),
      skillFromMarkdown('writing', 'a-skill', '---\nname: alpha\ndescription: First\n---'),
      skillFromMarkdown('writing', 'dup', '---\nname: alpha\ndescription: Shadowed\n---'),
      skillFromMarkdown('mac', 'say', '---\nname: say\nplatforms: [macos]\n---'),
      skillFromMarkdown('coding', 'secret', '---\nname: hidden-one\n---')
    ],
    categoryDescriptions: { writing: 'Prose and editing' }
  }

  it('sorts categories and names, keeps the first entry per name, filters platform and disabled', () => {
    const text = renderSkillsIndex(set, 'linux', ['secret'])
    const block = text.slice(text.indexOf('<available_skills>'), text.indexOf('</available_skills>'))
    expect(block).toBe('<available_skills>\n  coding:\n    - lint\n  writing: Prose and editing\n    - alpha: First\n    - beta: Second\n')
    expect(renderSkillsIndex(set, 'darwin', [])).toContain('    - say')
  })
  it('is empty when no skill is visible', () => {
    expect(renderSkillsIndex({ skills: [], categoryDescriptions: {} }, 'linux', [])).toBe('')
  })
})
