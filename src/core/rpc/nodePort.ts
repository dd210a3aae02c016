import type { MessagePort } from 'node:worker_threads'
import type { PortLike } from './portTransport'

/** A worker_threads MessagePort behind the PortLike the contract's port transport speaks. */
export function nodePort(port: MessagePort): PortLike {
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage: (listener) => {
      port.on('message', listener)
      return () => port.off('message', listener)
    },
    onClose: (listener) => {
      port.once('close', listener)
      return () => port.off('close', listener)
    }
  }
}
