import { describe, expect, it } from 'vitest'
import { detectUnsavedMemoryClaim } from './memory'

describe('detectUnsavedMemoryClaim', () => {
  it('flags a reply that claims to have saved or to remember something when nothing was written', () => {
    expect(detectUnsavedMemoryClaim("Got it, I'll remember that you prefer tabs.", 0)).toBe("I'll remember")
    expect(detectUnsavedMemoryClaim('I have saved this to my memory.', 0)).toBe(
      'I have saved this to my memory'
    )
    expect(detectUnsavedMemoryClaim("I've added that to your profile so future sessions know.", 0)).toBe(
      "I've added that to your profile"
    )
    expect(detectUnsavedMemoryClaim('Noted in memory: deploys are on Tuesdays.', 0)).toBe('Noted in memory')
  })

  it('stays quiet when a memory write happened in the turn, or when nothing is claimed', () => {
    expect(detectUnsavedMemoryClaim("I'll remember that.", 1)).toBeNull()
    expect(detectUnsavedMemoryClaim('Do you remember the port? It is 8080.', 0)).toBeNull()
    expect(detectUnsavedMemoryClaim('I saved the file to disk.', 0)).toBeNull()
    expect(detectUnsavedMemoryClaim('Memory usage of the process is 2 GB.', 0)).toBeNull()
  })
})
