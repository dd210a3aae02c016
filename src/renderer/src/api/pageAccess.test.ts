import { describe, expect, it } from 'vitest'
import { checkPageAccess, type PageEnvironment } from './pageAccess'

function page(search: string, answer: unknown | Error): PageEnvironment & { readonly replaced: string[] } {
  const replaced: string[] = []
  return {
    replaced,
    location: { pathname: '/', search, hash: '#chat' },
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url?: string | URL | null) =>
        void replaced.push(String(url))
    },
    fetch: async () => {
      if (answer instanceof Error) throw answer
      return { ok: true, json: async () => answer }
    }
  }
}

describe('checkPageAccess', () => {
  it('trusts the cookie when the host says it is valid, and leaves a clean address alone', async () => {
    const clean = page('', { token: 'valid' })
    expect(await checkPageAccess(clean)).toBe('valid')
    expect(clean.replaced).toEqual([])
  })

  it('reports a page opened without the printed address as missing', async () => {
    expect(await checkPageAccess(page('', { token: 'missing' }))).toBe('missing')
  })

  it('treats a token left in the address as one the host refused, and takes it out of the address bar', async () => {
    const old = page('?token=old&x=1', { token: 'missing' })
    expect(await checkPageAccess(old)).toBe('stale')
    expect(old.replaced).toEqual(['/?x=1#chat'])
  })

  it('lets the transport find out when the host cannot be asked', async () => {
    expect(await checkPageAccess(page('', new Error('offline')))).toBe('valid')
    expect(await checkPageAccess(page('', { nonsense: true }))).toBe('valid')
  })
})
