/**
 * A remote as Hearth shows it (Settings, the CLI, the log, sync results): a password or token in
 * the URL's user part is replaced by ***, so it never reaches a screen or a log line.
 */
export function shownRemote(remote: string): string {
  return remote.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/@\s]*)@/i, (_match, scheme: string, user: string) => {
    const name = user.split(':')[0] ?? ''
    return user.includes(':')
      ? `${scheme}${name}:***@`
      : name.length > 20
        ? `${scheme}***@`
        : `${scheme}${user}@`
  })
}
