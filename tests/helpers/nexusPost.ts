/** The options of `hearth nexus post`, by name; absent ones are left off the command line. */
export interface NexusPostOptions {
  readonly agent?: string
  readonly type?: string
  readonly summary?: string
  readonly rationale?: string
  readonly body?: string
  readonly channel?: string
  readonly refs?: string
}

/** `nexus post --agent … --type …` as command-line words, in the order the options are given. */
export function nexusPostArgs(entry: NexusPostOptions): string[] {
  const options = Object.entries(entry) as [string, string][]
  return ['nexus', 'post', ...options.flatMap(([option, value]) => [`--${option}`, value])]
}
