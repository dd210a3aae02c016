import type { WikiList, WikiPageView } from '../../shared/contract'
import type { CliCommand } from '../command'

function listText(list: WikiList): string {
  const pages = list.pages.filter((page) => page.slug !== 'index')
  if (pages.length === 0)
    return `No page yet: no person, project or tool is named in an approved fact or a decision (${list.dir}/).`
  const width = Math.max(...pages.map((page) => page.slug.length))
  return [
    `${pages.length} page${pages.length === 1 ? '' : 's'} in ${list.dir}/:`,
    ...pages.map(
      (page) =>
        `${page.slug.padEnd(width)}  ${(page.kind ?? 'other').padEnd(7)}  ${page.title} (${page.sources} source${page.sources === 1 ? '' : 's'})`
    )
  ].join('\n')
}

/** `hearth wiki list`: the compiled pages. */
const list: CliCommand = {
  words: ['wiki', 'list'],
  summary: 'the compiled wiki pages: one per person, project and tool named in approved facts and decisions',
  usage: 'hearth wiki list',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const result = await ctx.call('wiki.list', {})
    return { data: result, text: listText(result) }
  }
}

/** `hearth wiki show SLUG`: one page's markdown, as written to the wiki folder. */
const show: CliCommand = {
  words: ['wiki', 'show'],
  summary: "print one wiki page's markdown (`index` lists them all)",
  usage: 'hearth wiki show SLUG',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const page: WikiPageView = await ctx.call('wiki.page', { slug: ctx.positionals[0] ?? '' })
    return { data: { page }, text: page.markdown.trimEnd() }
  }
}

/** `hearth wiki rebuild`: compile every page now (it also happens after approvals and decisions). */
const rebuild: CliCommand = {
  words: ['wiki', 'rebuild'],
  summary: 'compile every wiki page again now from the approved facts and decisions',
  usage: 'hearth wiki rebuild',
  options: {},
  positionals: [0, 0],
  async run(ctx) {
    const result = await ctx.call('wiki.rebuild', {})
    return { data: result, text: listText(result) }
  }
}

export const wikiCommands: readonly CliCommand[] = [list, show, rebuild]
