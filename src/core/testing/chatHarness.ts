import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeAnthropic, type FakeAnthropic } from '../../../tests/fakeAnthropic'
import type { CallRepository } from '../chat/store/callRepository'
import type { ChatOptions } from '../chat/chatOptions'
import type { ChatService } from '../chat/chatService'
import type { SessionsService } from '../chat/sessionsService'
import { createCore, type Core, type CoreSeams } from '../createCore'
import type { TurnContextProvider } from '../ports/turnContext'
import type { ToolCatalog, ToolDefinition, ToolOutcome } from '../tools/toolTypes'
import { testId } from '../../shared/testing/ids'
import type { AgentId } from '../../shared/contract'

/** A long persona so the cached prefix is above every model's minimum cacheable size. */
export function longSoul(name: string): string {
  const line = `${name} keeps careful notes, answers plainly, and checks facts before stating them. `
  return `# ${name}\n\n${line.repeat(120)}\n`
}

/** One core on the harness's home, as one process would open it. */
export interface HarnessCore {
  readonly core: Core
  readonly chat: ChatService
  readonly sessions: SessionsService
  /** The model calls the engine recorded. */
  readonly calls: CallRepository
}

export interface ChatHarness extends HarnessCore {
  readonly home: string
  readonly fake: FakeAnthropic
  readonly agentId: AgentId
  /** Opens a second core on the same home, as a new process would. */
  reopen(options?: Partial<ChatOptions>): HarnessCore
  close(): Promise<void>
}

export interface ChatHarnessOptions {
  /** A fixed catalog instead of the tool layer. */
  readonly catalog?: ToolCatalog
  /** Extra turn-context providers, asked after recall and the Nexus. */
  readonly contextProviders?: readonly TurnContextProvider[]
}

/**
 * A real home folder, a real SQLite file, the real SDK over HTTP against the fake server, and
 * the core's own wiring; only the engine's options (fast flushes, small thresholds) and, when a
 * test asks, the tool catalog and extra context providers go through createCore's seams.
 */
export async function startChatHarness(
  options: Partial<ChatOptions> = {},
  more: ChatHarnessOptions = {}
): Promise<ChatHarness> {
  const home = mkdtempSync(join(tmpdir(), 'hearth-chat-'))
  const fake = await startFakeAnthropic()
  const env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
  const cores: Core[] = []
  const open = (chatOptions: Partial<ChatOptions>): HarnessCore => {
    const seams: CoreSeams = {
      chat: chatOptions,
      ...(more.catalog ? { toolCatalog: more.catalog } : {}),
      ...(more.contextProviders ? { contextProviders: more.contextProviders } : {})
    }
    const core = createCore({ home, host: 'cli', env, seams })
    cores.push(core)
    const { chat, sessions } = core.services
    return { core, chat, sessions, calls: core.internals.chatStores.calls }
  }
  const first = open({ maxRetries: 2, ...options })
  const agent = first.core.services.agents.create('Scribe', testId.agent('scribe'))
  writeFileSync(first.core.services.paths.soul(agent.id), longSoul('Scribe'))
  return {
    home,
    fake,
    ...first,
    agentId: agent.id,
    reopen: (moreOptions = {}) => open({ maxRetries: 2, ...options, ...moreOptions }),
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

/** A catalog that gives sessions no tools at all. */
export function noTools(): ToolCatalog {
  return {
    sessionTools: async () => [],
    dispatch: async (_list, name): Promise<ToolOutcome> => ({
      ok: false,
      content: JSON.stringify({ error: `unknown tool ${name}` }),
      displayName: name
    })
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
            await tool.handler(input as Record<string, unknown>, {
              agentId: testId.agent('harness'),
              sessionId: testId.session('harness')
            })
          ),
          displayName: name
        }
      } catch (error) {
        return { ok: false, content: JSON.stringify({ error: (error as Error).message }), displayName: name }
      }
    }
  }
}
