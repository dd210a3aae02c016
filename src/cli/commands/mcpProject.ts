import { resolve } from 'node:path'
import type { ProjectServersView } from '../../shared/contract/mcpServers'
import { UsageError, type CliCommand } from '../command'

const ACTIONS = ['allow', 'deny', 'forget'] as const
type Action = (typeof ACTIONS)[number]

function actionOf(options: Readonly<Record<string, string | boolean | undefined>>): Action | null {
  const chosen = ACTIONS.filter((action) => options[action] === true)
  if (chosen.length > 1) throw new UsageError('pick one of --allow, --deny, --forget')
  return chosen[0] ?? null
}

function describe(view: ProjectServersView): string {
  const state =
    view.decision === 'allow'
      ? 'allowed'
      : view.decision === 'deny'
        ? 'denied'
        : 'not decided (a new session in the app asks)'
  return [
    `${view.file}: ${state}`,
    ...view.servers.map((server) => `  ${server.name}\t${server.target}`),
    ...view.problems.map(
      (problem) => `  warning: ${problem.server === '*' ? '' : `${problem.server}: `}${problem.message}`
    )
  ].join('\n')
}

/**
 * `hearth mcp project DIR [--allow|--deny|--forget]`: shows the servers a project folder's
 * `.mcp.json` offers and the decision on it, or records one (the app asks when a session starts
 * in the folder; the CLI cannot ask, so this is how a terminal user decides).
 */
export const mcpProjectCommand: CliCommand = {
  words: ['mcp', 'project'],
  summary: "show or decide whether a project folder's .mcp.json servers may run",
  usage: 'hearth mcp project DIR [--allow | --deny | --forget]',
  options: { allow: 'boolean', deny: 'boolean', forget: 'boolean' },
  positionals: [1, 1],
  async run(ctx) {
    // A relative DIR means one relative to where the command runs.
    const folder = resolve(ctx.positionals[0] as string)
    const action = actionOf(ctx.options)
    const view =
      action === null
        ? await ctx.call('tools.projectServers', { folder })
        : await ctx.call('tools.decideProjectServers', { folder, decision: action })
    if (view.file === null) return { code: 1, data: view, text: `${view.folder} has no .mcp.json` }
    return { data: view, text: describe(view) }
  }
}
