import type { MessagePortMain } from 'electron'
import type { PortLike } from '../core/rpc/portTransport'

/** An Electron MessagePortMain (main process or utility process) behind the port transport's PortLike. */
export function electronPort(port: MessagePortMain): PortLike {
  port.start()
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage: (listener) => {
      const unwrap = (event: Electron.MessageEvent): void => listener(event.data)
      port.on('message', unwrap)
      return () => port.off('message', unwrap)
    },
    onClose: (listener) => {
      port.once('close', listener)
      return () => port.off('close', listener)
    }
  }
}
