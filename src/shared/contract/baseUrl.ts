import { z } from 'zod'
import { ANTHROPIC_ORIGIN } from './constants'

export { ANTHROPIC_ORIGIN } from './constants'

/** 127.0.0.0/8, ::1 and localhost: the only hosts plain http may carry the API key to. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * Why the API key may not be sent to `raw`, or undefined when it may: https anywhere, plain
 * http only to this computer (a local Ollama, LiteLLM or test server), and never a URL that
 * carries its own user name or password.
 */
export function baseUrlProblem(raw: string): string | undefined {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'Enter a full URL such as https://gateway.example or http://127.0.0.1:11434.'
  }
  if (url.username !== '' || url.password !== '')
    return 'A base URL must not contain a user name or password; Hearth sends the API key itself.'
  if (url.protocol === 'https:') return undefined
  if (url.protocol !== 'http:')
    return `A base URL must start with https:// (or http:// for this computer), not ${url.protocol}//.`
  if (isLoopbackHost(url.hostname)) return undefined
  return `Plain http is only allowed to this computer (127.0.0.1, localhost, [::1]). Use https://${url.host} so the API key is never sent unencrypted.`
}

/** The origin requests go to for a base URL (Anthropic's own API when there is none). */
export function originOf(baseUrl: string | null | undefined): string {
  if (baseUrl === null || baseUrl === undefined || baseUrl.trim() === '') return ANTHROPIC_ORIGIN
  try {
    return new URL(baseUrl).origin
  } catch {
    return baseUrl
  }
}

/** A base URL the API key may be sent to (see `baseUrlProblem`). */
export const BaseUrl = z
  .string()
  .max(2000)
  .superRefine((value, context) => {
    const problem = baseUrlProblem(value)
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
  })
