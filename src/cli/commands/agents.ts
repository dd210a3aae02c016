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

export const agentsCommands: readonly CliCommand[] = [list, create]
