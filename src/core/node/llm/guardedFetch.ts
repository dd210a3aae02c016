import { redactSecrets } from '../log/redact'

/** The endpoint answered with a redirect, which a model call never follows. */
export class RedirectRefused extends Error {
  constructor(readonly url: string) {
    super(
      `The model endpoint at ${url} answered with a redirect, which Hearth refuses to follow (the key and the conversation would go to another address). Set the base URL to the final address.`
    )
    this.name = 'RedirectRefused'
  }
}

/**
 * The fetch every SDK client uses. Redirects are refused (`redirect: 'error'`): following one would
 * re-send the request body on 307/308 to an address nobody chose. An error answer's body, the
 * one part of a response that becomes text Hearth keeps, shows or prints, has the configured
 * keys removed (exact, encoded or cut short) before the SDK reads it.
 */
export function guardedFetch(secrets: readonly string[]): typeof fetch {
  return async (input, init) => {
    let response: Response
    try {
      response = await fetch(input, { ...init, body: encodedBody(init?.body), redirect: 'error' })
    } catch (error) {
      if (isRedirectError(error)) throw new RedirectRefused(urlOf(input))
      throw error
    }
    if (response.ok) return response
    const body = redactSecrets(await response.text(), secrets)
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    })
  }
}

/**
 * A request's text body as UTF-8 bytes. Given a string, fetch first copies it into a well-formed
 * one in JavaScript, a walk over the whole conversation at every model call; the encoder does
 * the same replacement of lone surrogates natively. The SDK sets the content type itself.
 */
function encodedBody(body: RequestInit['body']): RequestInit['body'] {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body
}

function isRedirectError(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (/redirect/i.test(current.message)) return true
    current = current.cause
  }
  return false
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  try {
    return new URL(raw).origin
  } catch {
    return raw
  }
}

/** The refused redirect anywhere in an error's cause chain (the SDK wraps it as a connection error). */
export function refusedRedirect(error: unknown): RedirectRefused | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof RedirectRefused) return current
    current = current.cause
  }
  return undefined
}
