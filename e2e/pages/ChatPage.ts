import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { z } from 'zod'
import type { MethodInput, MethodName, MethodOutput } from '../../src/shared/contract'
import { HearthApp } from './HearthApp'

/** The Chat and Inspector sections, as a user sees them. */
export class ChatPage {
  constructor(readonly page: Page) {}

  get input(): Locator {
    return this.page.getByTestId('chat-input')
  }

  get streaming(): Locator {
    return this.page.getByTestId('chat-streaming-text')
  }

  assistantMessages(): Locator {
    return this.page.getByTestId('chat-assistant-message')
  }

  /** The stored turns of the open session, oldest first. */
  turns(): Locator {
    return this.page.getByTestId('chat-turn')
  }

  /** The transcript's list of turns (only the turns near the viewport are drawn). */
  get transcriptList(): Locator {
    return this.page.getByRole('list', { name: 'Conversation' })
  }

  /** The drawn rows of the transcript, each with its position in the whole chat (aria-posinset). */
  transcriptRows(): Locator {
    return this.transcriptList.getByRole('listitem').filter({ has: this.page.getByTestId('chat-turn') })
  }

  /** Scrolls the transcript to its first turn, as dragging the scrollbar to the top would. */
  async scrollTranscriptToTop(): Promise<void> {
    await this.scrollTranscriptUntil('top', this.transcriptRows().first(), '1')
  }

  /** Scrolls the transcript to its newest turn. */
  async scrollTranscriptToBottom(): Promise<void> {
    const size = await this.transcriptRows().first().getAttribute('aria-setsize')
    await this.scrollTranscriptUntil('bottom', this.transcriptRows().last(), size ?? '')
  }

  // Turns are measured as they are drawn, so the far end can move once; scroll until it is reached.
  private async scrollTranscriptUntil(end: 'top' | 'bottom', row: Locator, position: string): Promise<void> {
    const transcript = this.page.getByTestId('chat-transcript')
    await expect(async () => {
      await transcript.evaluate((element, toTop) => {
        element.scrollTop = toTop ? 0 : element.scrollHeight
      }, end === 'top')
      await expect(row).toHaveAttribute('aria-posinset', position, { timeout: 500 })
      expect(
        await transcript.evaluate(
          (element, toTop) =>
            toTop ? element.scrollTop : element.scrollHeight - element.scrollTop - element.clientHeight,
          end === 'top'
        )
      ).toBeLessThan(2)
    }).toPass()
  }

  /** A stored message by its id (set on user and assistant bubbles). */
  message(id: number | string): Locator {
    return this.page.locator(`[data-message-id="${id}"]`)
  }

  footers(): Locator {
    return this.page.getByTestId('turn-footer')
  }

  get projectFolder(): Locator {
    return this.page.getByRole('button', { name: 'Project folder', exact: true })
  }

  get projectPath(): Locator {
    return this.page.getByTestId('chat-project-path')
  }

  get projectRules(): Locator {
    return this.page.getByTestId('chat-project-rules')
  }

  /** Opens the folder picker from the chat header, types the path and uses it. */
  async chooseProjectFolder(dir: string): Promise<void> {
    await this.projectFolder.click()
    const picker = this.page.getByTestId('folder-picker')
    await expect(picker).toBeVisible()
    await picker.getByLabel('Folder path', { exact: true }).fill(dir)
    await picker.getByRole('button', { name: 'Use this folder', exact: true }).click()
    await expect(picker).toBeHidden()
  }

  get endSession(): Locator {
    return this.page.getByRole('button', { name: 'End session', exact: true })
  }

  get ended(): Locator {
    return this.page.getByTestId('chat-ended')
  }

  get newChat(): Locator {
    return this.page.getByRole('button', { name: 'New chat', exact: true })
  }

  /** The composer's message box, found as a user would: by its placeholder. */
  get composer(): Locator {
    return this.page.getByPlaceholder(/message/i)
  }

  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true })
  }

  get retry(): Locator {
    return this.page.getByRole('button', { name: 'Retry', exact: true })
  }

  /** User bubbles holding exactly this text. */
  userMessages(text: string): Locator {
    return this.page.getByTestId('chat-user-message').filter({ hasText: text })
  }

  /** Types a message and sends it with Enter. */
  async send(text: string): Promise<void> {
    await this.input.fill(text)
    await this.input.press('Enter')
  }

  /** The fenced code blocks of the transcript, oldest first. */
  codeBlocks(): Locator {
    return this.page.getByTestId('chat-transcript').getByTestId('code-block')
  }

  /** Turns the "usage" toggle on (tokens and cache share under every turn). */
  async showUsage(): Promise<void> {
    const toggle = this.page.getByTestId('turn-usage-toggle').first()
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  }

  /** True when the page itself scrolls sideways (it never should; wide content scrolls inside). */
  async pageScrollsSideways(): Promise<boolean> {
    return this.page.evaluate<boolean>(
      'document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth'
    )
  }

  async stop(): Promise<void> {
    await this.page.getByTestId('chat-stop').click()
  }

  async waitForTurns(count: number): Promise<void> {
    await expect(this.footers()).toHaveCount(count)
    await expect(this.page.getByTestId('chat-stop')).toBeHidden()
  }

  async search(query: string): Promise<Locator> {
    await this.page.getByTestId('chat-search').fill(query)
    return this.page.getByTestId('chat-search-hit')
  }

  /** The Inspector's header line: agent · “chat title” · turn · call(s). */
  get inspectorScope(): Locator {
    return this.page.getByTestId('inspector-scope')
  }

  /** The Inspector's call cards for the inspected turn. */
  inspectorCalls(): Locator {
    return this.page.getByTestId('inspector-call')
  }

  /** The Inspector's chat picker (the selected agent's chats). */
  get inspectorChat(): Locator {
    return this.page.getByTestId('inspector-section').getByLabel('Chat', { exact: true })
  }

  async inspectTurn(index: number): Promise<void> {
    await this.page.getByTestId('turn-inspect').nth(index).click()
    await expect(this.page.getByTestId('inspector-section')).toBeVisible()
  }
}

/** An answer on the RPC socket (events carry no id and are not waited for). */
const rpcReply = z.object({
  id: z.number().optional(),
  result: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: z.unknown() }),
    z.object({ ok: z.literal(false), error: z.looseObject({ code: z.string(), message: z.string() }) })
  ])
})
type RpcReply = z.infer<typeof rpcReply>

/** One contract call, typed by the contract. */
type CoreCall = <M extends MethodName>(method: M, input: MethodInput<M>) => Promise<MethodOutput<M>>

/**
 * A second client of the same `hearth serve` over its WebSocket, for setup the test is not
 * about (storing a key, pointing the base URL at the fake model).
 */
export async function rpcClient(
  port: number,
  token: string,
  origin: string
): Promise<{ call: CoreCall; close: () => void }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/rpc?token=${encodeURIComponent(token)}`, {
    headers: { Origin: origin }
  })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  let next = 1
  const waiting = new Map<number, (result: RpcReply['result']) => void>()
  socket.on('message', (data) => {
    const message = rpcReply.safeParse(JSON.parse(data.toString()))
    if (message.success && message.data.id !== undefined) waiting.get(message.data.id)?.(message.data.result)
  })
  return {
    call: <M extends MethodName>(method: M, input: MethodInput<M>) =>
      new Promise<MethodOutput<M>>((resolve, reject) => {
        const id = next++
        waiting.set(id, (result) =>
          result.ok
            ? // The host parsed the value with `methods[method].output` before sending it (as for the renderer).
              resolve(result.value as MethodOutput<M>)
            : reject(new Error(`${method}: ${result.error.message}`))
        )
        socket.send(JSON.stringify({ id, method, input }))
      }),
    close: () => socket.close()
  }
}

export type RpcClient = Awaited<ReturnType<typeof rpcClient>>

/** Opens a second client for setup, hands it to `use`, and closes it however `use` ends. */
export async function withRpc<T>(
  server: { readonly port: number; readonly token: string; readonly origin: string },
  use: (rpc: RpcClient) => Promise<T>
): Promise<T> {
  const rpc = await rpcClient(server.port, server.token, server.origin)
  try {
    return await use(rpc)
  } finally {
    rpc.close()
  }
}

/**
 * Points the served core at the fake model (tests/fakeAnthropic) at `baseUrl`, then stores a test
 * key — in that order, because a key is bound to the address it is entered for.
 */
export async function connectModel(rpc: RpcClient, baseUrl: string): Promise<void> {
  await rpc.call('settings.update', { baseUrl })
  await rpc.call('settings.setApiKey', { key: 'sk-e2e' })
}

/**
 * A user past the first run with the model connected: opens the app, creates the first agent
 * with a short profile, points the served core at the fake model and gives the agent a persona
 * long enough to be cached. Ends on Chat.
 */
export async function startConnected(
  page: Page,
  server: {
    readonly url: string
    readonly home: string
    readonly port: number
    readonly token: string
    readonly origin: string
  },
  fakeUrl: string,
  agent: { readonly name: string; readonly id: string; readonly profile: string; readonly soul: string }
): Promise<{ app: HearthApp; chat: ChatPage }> {
  const app = new HearthApp(page)
  await app.open(server.url)
  await app.completeFirstRun(agent.name, agent.profile)
  await withRpc(server, (rpc) => connectModel(rpc, fakeUrl))
  writeFileSync(join(server.home, 'agents', agent.id, 'SOUL.md'), agent.soul)
  await app.goTo('chat')
  return { app, chat: new ChatPage(page) }
}
