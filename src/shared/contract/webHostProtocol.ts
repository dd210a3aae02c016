/**
 * What the browser page and `hearth serve` agree on besides the RPC messages themselves.
 *
 * The page asks `TOKEN_STATUS_PATH` (same origin, cookie sent) whether its access is `valid`,
 * `missing` (opened without the printed address) or `stale` (the host was restarted with a new
 * token). A socket opened with a stale cookie is closed with `TOKEN_EXPIRED_CLOSE_CODE`, so an
 * open tab learns it cannot reconnect instead of retrying for ever.
 */
export const TOKEN_STATUS_PATH = '/token-status'
export const TOKEN_EXPIRED_CLOSE_CODE = 4401

export type TokenState = 'valid' | 'missing' | 'stale'
