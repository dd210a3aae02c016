import type { SecretStore } from '../../ports/secretStore'
import { isPlainObject } from '../schemaCheck'

/** The secret-store name under which one server's header values are kept (as one JSON object). */
export function headersSecretName(server: string): string {
  return `mcp.server.${server}.headers`
}

/**
 * The header values of a remote server kept in the secret store. A missing store, a missing
 * entry or an unreadable value all mean "no extra headers": the server then answers 401 and
 * Settings → Tools says so, which is clearer than failing here.
 */
export async function readSecretHeaders(
  secrets: SecretStore | undefined,
  server: string
): Promise<Record<string, string>> {
  if (!secrets) return {}
  let text: string | undefined
  try {
    text = await secrets.getSecret(headersSecretName(server))
  } catch {
    return {}
  }
  if (text === undefined) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (!isPlainObject(value)) return {}
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    )
  } catch {
    return {}
  }
}

/** Stores (or with an empty object, deletes) one server's header values. */
export async function writeSecretHeaders(
  secrets: SecretStore,
  server: string,
  headers: Readonly<Record<string, string>>
): Promise<void> {
  await secrets.setSecret(
    headersSecretName(server),
    Object.keys(headers).length > 0 ? JSON.stringify(headers) : undefined
  )
}
