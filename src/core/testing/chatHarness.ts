import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../../tests/fakeAnthropic'
import type { ChatOptions } from '../chat/chatOptions'
import { ChatService } from '../chat/chatService'
import { SessionsService } from '../chat/sessionsService'
import { createCore, type Core } from '../createCore'
import type { ToolCatalog, ToolDefinition, ToolOutcome } from '../tools/toolTypes'

/** A long persona so the cached prefix is above every model's minimum cacheable size. */
export function longSoul(name: string): string {
  const line = `${name} keeps careful notes, answers plainly, and checks facts before stating them. `
  return `# ${name}\n\n${line.repeat(120)}\n`
}

export interface ChatHarness {
  readonly home: string
  readonly fake: FakeAnthropic
  readonly core: Core
  readonly chat: ChatService
  readonly sessions: SessionsService
  readonly agentId: string
  /** Opens a second core on the same home, as a new process would. */
  reopen(options?: Partial<ChatOptions>): { core: Core; chat: ChatService; sessions: SessionsService }
  close(): Promise<void>
}

/**
 * A real home folder, a real SQLite file, the real SDK over HTTP against the fake server. The
 * chat service is built with test options (fast flushes, small thresholds) on the core's parts.
 */
export async function startChatHarness(
  options: Partial<ChatOptions> = {},
  catalog?: ToolCatalog
): Promise<ChatHarness> {
  const home = mkdtempSync(join(tmpdir(), 'hearth-chat-'))
  const fake = await startFakeAnthropic()
  const env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
  const cores: Core[] = []
  const open = (
    chatOptions: Partial<ChatOptions>
  ): { core: Core; chat: ChatService; sessions: SessionsService } => {
    const core = createCore({ home, host: 'cli', env })
    cores.push(core)
    const s = core.services
    const chat = new ChatService(
      {
        db: s.db,
        stores: s.chatStores,
        clock: s.clock,
        events: s.events,
        settings: s.settings,
        agents: s.agents,
        prompts: s.prompts,
        attachments: s.attachments,
        platform: 'cli',
        ...(catalog ? { tools: catalog } : {})
      },
      chatOptions
    )
    return { core, chat, sessions: new SessionsService(chat, s.settings, s.clock, s.events) }
  }
  const first = open({ maxRetries: 2, ...options })
  const agent = first.core.services.agents.create('Scribe', 'scribe')
  writeFileSync(first.core.services.paths.soul(agent.id), longSoul('Scribe'))
  return {
    home,
    fake,
    ...first,
    agentId: agent.id,
    reopen: (more = {}) => open({ maxRetries: 2, ...options, ...more }),
    close: async () => {
      for (const core of cores) {
        await Promise.resolve()
        core.dispose()
      }
      await fake.close()
      rmSync(home, { recursive: true, force: true })
    }
  }
}

/** A two-tool catalog for tests: `lookup` answers from a table, `fail` always fails. */
export function testCatalog(table: Readonly<Record<string, string>> = { paris: 'France' }): ToolCatalog {
  const tools: ToolDefinition[] = [
    {
      name: 'lookup',
      toolset: 'test',
      description: 'Looks a city up and returns its country.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      handler: async (input) => ({ country: table[String(input.city).toLowerCase()] ?? null })
    },
    {
      name: 'fail',
      toolset: 'test',
      description: 'Always fails.',
      inputSchema: { type: 'object', properties: {} },
      handler: async () => {
        throw new Error('this tool always fails')
      }
    }
  ]
  return {
    sessionTools: async () => tools,
    dispatch: async (list, name, input): Promise<ToolOutcome> => {
      const tool = list.find((t) => t.name === name)
      if (!tool)
        return { ok: false, content: JSON.stringify({ error: `unknown tool ${name}` }), displayName: name }
      try {
        return {
          ok: true,
          content: JSON.stringify(
            await tool.handler(input as Record<string, unknown>, { agentId: '', sessionId: '' })
          ),
          displayName: name
        }
      } catch (error) {
        return { ok: false, content: JSON.stringify({ error: (error as Error).message }), displayName: name }
      }
    }
  }
}
