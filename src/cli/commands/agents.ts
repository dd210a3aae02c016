import { homePaths } from '../../core/home/homePaths'
import type { CliCommand } from '../command'
import { stringOption } from '../options'

const list: CliCommand = {
  words: ['agents', 'list'],
  summary: 'list agents',
  usage: 'hearth agents list',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const agents = await ctx.call('agents.list', {})
    const text =
      agents.length === 0
        ? 'No agents yet. Create one with `hearth agents create NAME`.'
        : agents.map((a) => `${a.id}\t${a.name}`).join('\n')
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
    const id = stringOption(ctx, 'id')
    const agent = await ctx.call('agents.create', {
      name: ctx.positionals[0] as string,
      ...(id !== undefined ? { id } : {})
    })
    return {
      data: { agent: { id: agent.id, name: agent.name } },
      text: `Created agent ${agent.id} (${agent.name})`
    }
  }
}

const rename: CliCommand = {
  words: ['agents', 'rename'],
  summary: "change an agent's display name (its id and folder stay)",
  usage: 'hearth agents rename ID NAME',
  options: {},
  positionals: [2, 2],
  async run(ctx) {
    const agent = await ctx.call('agents.rename', {
      id: ctx.positionals[0] as string,
      name: ctx.positionals[1] as string
    })
    return {
      data: { agent: { id: agent.id, name: agent.name } },
      text: `Renamed ${agent.id} to ${agent.name}`
    }
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
    await ctx.call('agents.delete', { id })
    return {
      data: { deleted: { id } },
      text: `Deleted agent ${id}; its files are in ${homePaths(ctx.home).trash}`
    }
  }
}

export const agentsCommands: readonly CliCommand[] = [list, create, rename, remove]
