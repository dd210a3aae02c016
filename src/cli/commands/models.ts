import type { ConnectionReport, ModelInfo } from '../../shared/contract'
import type { CliCommand } from '../command'

function price(value: number): string {
  return `$${value.toFixed(2)}`
}

function modelLine(model: ModelInfo): string {
  const { input, output, cacheRead, cacheWrite5m } = model.prices
  const window = `${Math.round(model.contextWindow / 1000)}K`
  const prices = `in ${price(input)} · out ${price(output)} · cache read ${price(cacheRead)} · write ${price(cacheWrite5m)} per MTok`
  return `${model.id}\t${window}\t${prices}${model.assumed ? ' (some figures assumed)' : ''}`
}

const list: CliCommand = {
  words: ['models', 'list'],
  summary: 'the model table: context window and prices per million tokens',
  usage: 'hearth models list',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const models = await ctx.call('models.list', {})
    return { data: { models }, text: models.map(modelLine).join('\n') }
  }
}

function reportText(report: ConnectionReport): string {
  const status = report.status === null ? 'no answer' : `HTTP ${report.status}`
  const head = report.ok ? 'Connected' : 'Connection failed'
  const lines = [`${head}: ${report.url} (${status}, model ${report.model}, ${report.elapsedMs} ms)`]
  lines.push(report.message)
  if (!report.ok) lines.push(report.advice)
  if (report.requestId) lines.push(`request id: ${report.requestId}`)
  return lines.join('\n')
}

/**
 * The same one-token call as Settings' Test connection, so a script (or someone on a server)
 * can check a key and endpoint before a long run. Exit 1 when it fails; the report says why.
 */
const test: CliCommand = {
  words: ['models', 'test'],
  summary: 'make the cheapest real call with the saved settings and key, and report what failed',
  usage: 'hearth models test',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const report = await ctx.call('models.testConnection', {})
    return { code: report.ok ? 0 : 1, data: { report }, text: reportText(report) }
  }
}

export const modelsCommands: readonly CliCommand[] = [list, test]
