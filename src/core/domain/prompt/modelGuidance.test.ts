import { describe, expect, it } from 'vitest'
import {
  GOOGLE_FAMILY_GUIDANCE,
  OPENAI_FAMILY_GUIDANCE,
  TOOL_USE_ENFORCEMENT,
  modelFamilyGuidance
} from './modelGuidance'

describe('model-family gating', () => {
  it.each([
    'gpt-5',
    'openai/codex-mini',
    'gemini-3-pro',
    'gemma-4',
    'grok-5',
    'glm-5',
    'Qwen3-Coder',
    'deepseek-v4'
  ])('auto adds enforcement for %s', (model) =>
    expect(modelFamilyGuidance(model, 3, 'auto')).toContain(TOOL_USE_ENFORCEMENT)
  )
  it('adds nothing for Claude under auto', () => {
    expect(modelFamilyGuidance('claude-sonnet-5-5', 3, 'auto')).toBe('')
  })
  it('adds nothing at all without tools, whatever the setting', () => {
    expect(modelFamilyGuidance('gpt-5', 0, 'auto')).toBe('')
    expect(modelFamilyGuidance('claude-sonnet-5-5', 0, true)).toBe('')
  })
  it('true forces it, false removes it, a list matches substrings case-insensitively', () => {
    expect(modelFamilyGuidance('claude-sonnet-5-5', 1, true)).toBe(TOOL_USE_ENFORCEMENT)
    expect(modelFamilyGuidance('gpt-5', 1, false)).toBe('')
    expect(modelFamilyGuidance('claude-sonnet-5-5', 1, ['SONNET'])).toBe(TOOL_USE_ENFORCEMENT)
    expect(modelFamilyGuidance('gpt-5', 1, ['llama'])).toBe('')
    expect(modelFamilyGuidance('gpt-5', 1, 'never')).toBe('')
    expect(modelFamilyGuidance('claude-haiku-4-5', 1, 'always')).toBe(TOOL_USE_ENFORCEMENT)
  })
  it('unknown settings behave like auto', () => {
    expect(modelFamilyGuidance('gpt-5', 1, 'sometimes')).toContain(TOOL_USE_ENFORCEMENT)
    expect(modelFamilyGuidance('claude-opus-5', 1, 7)).toBe('')
  })
  it('adds the Google extras for gemini/gemma and the execution extras for gpt/codex/grok only', () => {
    expect(modelFamilyGuidance('gemini-3', 1, 'auto')).toBe(
      `${TOOL_USE_ENFORCEMENT}\n\n${GOOGLE_FAMILY_GUIDANCE}`
    )
    expect(modelFamilyGuidance('grok-5', 1, 'auto')).toBe(
      `${TOOL_USE_ENFORCEMENT}\n\n${OPENAI_FAMILY_GUIDANCE}`
    )
    expect(modelFamilyGuidance('qwen3', 1, 'auto')).toBe(TOOL_USE_ENFORCEMENT)
    expect(modelFamilyGuidance('claude-sonnet-5', 1, true)).not.toContain(OPENAI_FAMILY_GUIDANCE)
  })
})
