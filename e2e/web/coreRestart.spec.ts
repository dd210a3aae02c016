import { expect, test } from '../fixtures/hearth'
import { snap } from '../fixtures/screenshots'
import { ChatPage } from '../pages/ChatPage'
import { HearthApp } from '../pages/HearthApp'

/**
 * The desktop window's preload bridge, stood in for by the page itself: calls go to the served
 * core over the page's own WebSocket, and `__mainSends` delivers what the Electron main process
 * sends on the event channel (the core process's status). The renderer code is the real one: it
 * picks the IPC transport because `window.bridge` exists, as it does under Electron. (Plain
 * JavaScript: it runs in the page, before the app's own scripts.)
 */
const BRIDGE = `
  const listeners = new Set()
  const pending = new Map()
  let nextId = 1
  let socket
  const open = () => (socket ??= new Promise((resolve) => {
    const ws = new WebSocket('ws://' + location.host + '/rpc')
    ws.onopen = () => resolve(ws)
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data))
      if (typeof data.id === 'number') pending.get(data.id)?.(data.result)
      else if (data.event) listeners.forEach((listener) => listener(data.event, data.payload))
    }
  }))
  window.bridge = {
    invoke: async (method, input) => {
      const ws = await open()
      const id = nextId++
      return new Promise((resolve) => {
        pending.set(id, resolve)
        ws.send(JSON.stringify({ id, method, input }))
      })
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  window.__mainSends = (event, payload) => listeners.forEach((listener) => listener(event, payload))
`

test('when the core process crashes the window says so, keeps the draft, and carries on after the restart', async ({
  page,
  hearth
}) => {
  await page.addInitScript({ content: BRIDGE })
  const app = new HearthApp(page)
  await app.startWith(hearth.url, 'Steady')
  const chat = new ChatPage(page)
  await chat.input.fill('A long thought I have not sent yet')

  const mainSends = (payload: unknown): Promise<void> =>
    page.evaluate(`window.__mainSends('app.coreStatus', ${JSON.stringify(payload)})`)
  await mainSends({
    state: 'restarting',
    message: 'Hearth’s core stopped unexpectedly (it exited with code 9; request 0badc0de).'
  })
  const banner = page.getByTestId('connection-banner')
  await expect(banner).toContainText('Hearth’s core stopped — restarting it…')
  await expect(banner).toContainText('request 0badc0de')
  await expect(chat.input).toHaveValue('A long thought I have not sent yet')
  await snap(page, 'core-restarting')

  await mainSends({ state: 'running' })
  await expect(banner).toBeHidden()
  await expect(chat.input).toHaveValue('A long thought I have not sent yet')

  await mainSends({
    state: 'stopped',
    message: 'Hearth’s core stopped again right after a restart (it exited with code 9; request 5eed1e55).',
    logFile: '/home/ana/.hearth/logs/hearth.log'
  })
  await expect(banner).toContainText('Hearth’s core stopped')
  await expect(banner).toContainText('The log is /home/ana/.hearth/logs/hearth.log.')
  await expect(chat.input).toHaveValue('A long thought I have not sent yet')
  await snap(page, 'core-stopped')
})
