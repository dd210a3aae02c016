import type { ChatBehindFile } from '../../../../shared/contract'
import { formatTokens, formatUsd } from '../chat/format'

/** A chat as the notice names it. */
export function chatName(chat: Pick<ChatBehindFile, 'title'>): string {
  return `“${chat.title.trim() === '' ? 'Untitled chat' : chat.title}”`
}

/** "“A”", "“A” and “B”", "“A”, “B” and 3 more". */
export function chatNames(chats: readonly Pick<ChatBehindFile, 'title'>[]): string {
  const names = chats.slice(0, 2).map(chatName)
  const more = chats.length - names.length
  if (more > 0) return `${names.join(', ')} and ${more} more`
  return names.join(' and ')
}

/** Dollars per million tokens: "$3.75", or "$0.0375" for prices under ten cents. */
export function perMillion(dollars: number): string {
  return dollars < 0.1 ? `$${Number(dollars.toFixed(4))}` : `$${dollars.toFixed(2)}`
}

/**
 * What "Rebuild now" costs, in words: the next message of each chat writes its whole prompt to
 * the cache again at the write price where it would have read it at the read price. The prices
 * are named when every chat pays the same ones.
 */
export function rebuildCostText(chats: readonly ChatBehindFile[]): string {
  const tokens = chats.reduce((sum, chat) => sum + chat.prefixTokens, 0)
  const dollars = chats.reduce((sum, chat) => sum + chat.extraCostUsd, 0)
  const [first] = chats
  const samePrices =
    first !== undefined &&
    chats.every(
      (chat) =>
        chat.cacheWritePerMTokUsd === first.cacheWritePerMTokUsd &&
        chat.cacheReadPerMTokUsd === first.cacheReadPerMTokUsd
    )
  const prices =
    samePrices && first !== undefined
      ? ` at the cache-write price (${perMillion(first.cacheWritePerMTokUsd)} per million tokens) instead of the cache-read price (${perMillion(first.cacheReadPerMTokUsd)} per million)`
      : ' at the cache-write price instead of the cache-read price'
  const whose =
    chats.length === 1
      ? 'its next message writes the whole prompt'
      : 'each one’s next message writes its whole prompt'
  const amount =
    chats.length === 1
      ? `about ${formatTokens(tokens)} tokens`
      : `about ${formatTokens(tokens)} tokens in all`
  return `Rebuilding costs one cache write: ${whose} to the cache again, ${amount}${prices}. That is roughly ${formatUsd(dollars)} extra.`
}
