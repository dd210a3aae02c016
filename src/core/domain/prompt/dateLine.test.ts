import { describe, expect, it } from 'vitest'
import { formatSessionDate, sessionLine } from './dateLine'

describe('session date line', () => {
  it('formats weekday, month, zero-padded day and year', () => {
    expect(formatSessionDate(Date.UTC(2026, 5, 16, 12), 'UTC')).toBe('Tuesday, June 16, 2026')
    expect(formatSessionDate(Date.UTC(2026, 0, 2, 12), 'UTC')).toBe('Friday, January 02, 2026')
  })
  it('follows the time zone for the calendar day', () => {
    const lateUtc = Date.UTC(2026, 5, 16, 23, 30)
    expect(formatSessionDate(lateUtc, 'Asia/Tokyo')).toBe('Wednesday, June 17, 2026')
  })
  it('never contains a time of day, at any hour', () => {
    for (let hour = 0; hour < 24; hour++) {
      const line = sessionLine(Date.UTC(2026, 2, 8, hour, 17, 42), 'claude-sonnet-5-5', 'anthropic', 'UTC')
      expect(line).not.toMatch(/\d{1,2}:\d{2}|\b(AM|PM)\b|UTC|GMT/i)
      expect(line).toBe('Session date: Sunday, March 08, 2026\nModel: claude-sonnet-5-5\nProvider: anthropic')
    }
  })
  it('omits model and provider lines when they are blank', () => {
    expect(sessionLine(0, '', ' ', 'UTC')).toBe('Session date: Thursday, January 01, 1970')
  })
})
