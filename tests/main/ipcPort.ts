import type { Serializable } from 'node:child_process'
import type { PortLike } from '../../src/core/rpc/portTransport'

/** Either end of a Node IPC channel: a forked ChildProcess, or `process` inside the child. */
interface IpcEnd {
  send?: (message: Serializable, callback: (error: Error | null) => void) => boolean
  on(event: 'message', listener: (message: unknown) => void): unknown
  off(event: 'message', listener: (message: unknown) => void): unknown
  once(event: 'disconnect', listener: () => void): unknown
  off(event: 'disconnect', listener: () => void): unknown
}

/**
 * A Node child process's IPC channel behind the PortLike the contract's port transport speaks,
 * standing in for the MessagePort Electron gives its utility process: the same messages, in the
 * same order, structured-cloned ('advanced' serialization), with a close when the other end dies.
 */
export function ipcPort(end: IpcEnd): PortLike {
  return {
    postMessage: (message) => {
      // A dead child's channel refuses to send; the close below answers whatever was waiting.
      // The port transport sends plain data only (it is structured-cloned over a MessagePort too).
      end.send?.(message as Serializable, () => undefined)
    },
    onMessage: (listener) => {
      end.on('message', listener)
      return () => end.off('message', listener)
    },
    onClose: (listener) => {
      end.once('disconnect', listener)
      return () => end.off('disconnect', listener)
    }
  }
}
