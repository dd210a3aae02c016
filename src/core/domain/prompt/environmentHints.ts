/** Facts about the machine, gathered by the node adapter and passed in (the domain stays pure). */
export interface EnvironmentInfo {
  /** e.g. "Linux 6.1", "macOS 15.2", "Windows 10.0.26100", "WSL (Windows Subsystem for Linux)". */
  readonly host: string
  readonly homeDir: string
  /** HEARTH_ENVIRONMENT_HINT (wins) or config `environmentHint`. */
  readonly extraHint: string | null
}

/**
 * The environment block of the stable tier. The session's project folder is NOT here: it goes
 * to the context tier, so the stable tier stays byte-identical across projects (spec §2).
 */
export function environmentHint(info: EnvironmentInfo): string {
  const lines = [`Host: ${info.host}`, `User home folder: ${info.homeDir}`].join('\n')
  const extra = info.extraHint?.trim() ?? ''
  return extra === '' ? lines : `${lines}\n\n${extra}`
}

/** The first line of the context tier when the session has a project folder. */
export function projectFolderLine(cwd: string | null): string {
  return cwd === null ? '' : `Project folder (current working directory): ${cwd}`
}
