import { createHash } from 'node:crypto'
import type { ImportSource } from '../../shared/contract'
import type { ImportItem } from './importTypes'

/**
 * The content hash that makes an import idempotent: the same item from the same runtime hashes
 * the same on every run, wherever it sits in the file, so a second run finds it already here.
 */
export function itemHash(source: ImportSource, item: ImportItem): string {
  const hash = createHash('sha256').update(`${source}\0${item.kind}\0`)
  switch (item.kind) {
    case 'candidate':
      hash.update(`${item.speaker}\0${item.text.replace(/\s+/g, ' ').trim()}`)
      break
    case 'session':
      hash.update(`${item.conversationId}\0`)
      for (const node of item.nodes) hash.update(`${node.id}\0${JSON.stringify(node.message.content)}\0`)
      break
    case 'skill':
      hash.update(`${item.path}\0`)
      for (const file of item.files) hash.update(`${file.rel}\0`).update(file.bytes)
      break
    case 'persona':
    case 'file':
      hash.update(item.text)
      break
    case 'mcp_server':
      hash.update(JSON.stringify(item.draft))
      break
  }
  return hash.digest('hex')
}
