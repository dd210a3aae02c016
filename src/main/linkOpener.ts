import { BrowserWindow, dialog, shell, type MessageBoxOptions, type MessageBoxReturnValue } from 'electron'
import { join } from 'node:path'
import { KnownLinkHosts, openExternalLink, type LinkOutcome } from './externalLinks'

/** Long links are cut in the dialog so the buttons stay on screen; the host line is never cut. */
const MAX_SHOWN_LINK = 300

/**
 * The confirmation for a host Hearth has not opened before. The host is shown as the URL parser
 * sees it, so a lookalike name appears in its punycode form rather than disguised.
 */
export async function confirmNewHost(url: URL): Promise<boolean> {
  const shown = url.href.length > MAX_SHOWN_LINK ? `${url.href.slice(0, MAX_SHOWN_LINK)}…` : url.href
  const options = {
    type: 'question' as const,
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: 'Open a link',
    message: `Open a link to ${url.host}?`,
    detail: `Hearth has not opened a link to this site before. It will open in your browser:\n\n${shown}`
  }
  const { response } = await showMessage(options)
  return response === 0
}

/** Says why a link stayed closed, e.g. a plain-http link or one carrying a password. */
export async function explainRefusal(problem: string): Promise<void> {
  await showMessage({
    type: 'info',
    buttons: ['OK'],
    title: 'Link not opened',
    message: 'Hearth did not open this link',
    detail: `Reason: ${problem}.`
  })
}

function showMessage(options: MessageBoxOptions): Promise<MessageBoxReturnValue> {
  const parent = BrowserWindow.getFocusedWindow()
  return parent === null ? dialog.showMessageBox(options) : dialog.showMessageBox(parent, options)
}

/** Hands the user's browser only what `openExternalLink` lets through (https, no credentials, a yes for a new host). */
function openInBrowser(href: string): Promise<void> {
  // Electronegativity reads its justification from the call's own line, so Prettier must not wrap it.
  // prettier-ignore
  return shell.openExternal(href) /* eng-disable OPEN_EXTERNAL_JS_CHECK: called only from openExternalLink, after its checks */
}

/**
 * Hands page links to the user's browser under the rules of externalLinks.ts. A dialog or a
 * browser launch that fails only means the link did not open; the page carries on.
 */
export function createLinkOpener(userData: string): (url: string) => Promise<LinkOutcome | 'failed'> {
  const known = new KnownLinkHosts(join(userData, 'opened-link-hosts.json'))
  return (url) =>
    openExternalLink(url, { known, confirm: confirmNewHost, openInBrowser, explainRefusal }).catch(
      () => 'failed' as const
    )
}
