import type { CliCommand } from '../command'

const list: CliCommand = {
  words: ['agents', 'list'],
  summary: 'list agents',
  usage: 'hearth agents list',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const agents = ctx.core().services.agents.list()
    const text = agents.length === 0 ? 'No agents yet. Create one with `hearth agents create NAME`.' : agents.map((a) => `${a.id}\t${a.name}`).join('\n')
    return { data: { agents: agents.map(({ id, name }) => ({ id, name })) }, text }
  }
}

const create: CliCommand = {
  words: ['agents', 'create'],
  summary: 'create an agent with a seeded SOUL.md',
  usage: 'hearth agents create NAME [--id ID]',
  options: { id: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const name = (ctx.positionals[0] as string).trim()
    const id = typeof ctx.options.id === 'string' ? ctx.options.id : undefined
    const agent = ctx.core().services.agents.create(name, id)
    return { data: { agent: { id: agent.id, name: agent.name } }, text: `Created agent ${agent.id} (${agent.name})` }
  }
}

const rename: CliCommand = {
  words: ['agents', 'rename'],
  summary: "change an agent's display name (its id and folder stay)",
  usage: 'hearth agents rename ID NAME',
  options: {},
  positionals: [2, 2],
  async run(ctx) {
    const agent = ctx.core().services.agents.rename(ctx.positionals[0] as string, ctx.positionals[1] as string)
    return { data: { agent: { id: agent.id, name: agent.name } }, text: `Renamed ${agent.id} to ${agent.name}` }
  }
}

const remove: CliCommand = {
  words: ['agents', 'delete'],
  summary: "delete an agent; its folder moves to the home's .trash/ (nothing is lost)",
  usage: 'hearth agents delete ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const id = ctx.positionals[0] as string
    ctx.core().services.agents.delete(id)
    return { data: { deleted: { id } }, text: `Deleted agent ${id}; its files are in ${ctx.core().services.paths.trash}` }
  }
}

export const agentsCommands: readonly CliCommand[] = [list, create, rename, remove]
