import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MD, withoutStarterHintText } from './userProfileStarter'

describe('the seeded USER.md as the first-run screen shows it', () => {
  it('leaves the heading and takes the hint out, whatever the line ends', () => {
    expect(withoutStarterHintText(DEFAULT_USER_MD)).toBe('# About me\n\n')
    expect(withoutStarterHintText(DEFAULT_USER_MD.replace(/\n/g, '\r\n'))).toBe('# About me\n\n')
  })

  it('keeps a profile the user wrote exactly as it is', () => {
    const written = '# About me\r\n\r\nI am Ada.\r\n'
    expect(withoutStarterHintText(written)).toBe(written)
  })
})
