/**
 * The one CSP both hosts send (Electron's app:// protocol and `hearth serve`). Monaco works under
 * it (workers from 'self' or blob:); the renderer never talks to anything but its own host.
 * Only styles may be inline, because Monaco adds <style> elements at run time; scripts never are.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; " +
  "font-src 'self' data:; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'none'"
