import type {
  AgentId,
  Fact,
  FactPin,
  MemoriesView,
  MemoryFileDocument,
  MemoryTarget,
  PinDestination
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/** What was just forgotten, so the notice can offer to bring it straight back. */
export type ForgottenItem =
  | { readonly kind: 'fact'; readonly id: number; readonly text: string }
  | { readonly kind: 'file'; readonly slug: string }
  | { readonly kind: 'entry'; readonly target: MemoryTarget; readonly text: string }

/** A fact just pinned, so the notice can say where and offer Undo. */
export interface PinnedFact {
  readonly factId: number
  readonly to: PinDestination
  readonly message: string
}

/**
 * The Memories section: everything the selected agent remembers (approved facts, memory files,
 * MEMORY.md / USER.md entries), one search over it, and edit, forget and restore for each kind.
 * The view is re-read after every change, and when a memory write or review decision lands.
 */
export interface MemoriesSlice {
  readonly memoriesView: MemoriesView | null
  readonly memoriesQuery: string
  readonly memoriesError: string | null
  readonly memoriesLastForgotten: ForgottenItem | null
  readonly memoriesLastPinned: PinnedFact | null
  /** The memory file open in the editor, if any. */
  readonly memoriesOpenFile: MemoryFileDocument | null
  readonly loadMemories: () => Promise<void>
  /** The next page of approved (or forgotten) facts, after those the view holds. */
  readonly loadMoreMemoryFacts: (status: 'approved' | 'forgotten') => Promise<void>
  readonly setMemoriesQuery: (query: string) => Promise<void>
  readonly editMemoryFact: (id: number, text: string) => Promise<ActionResult>
  readonly forgetMemory: (item: ForgottenItem) => Promise<ActionResult>
  readonly restoreMemory: (item: ForgottenItem) => Promise<ActionResult>
  /** Pins an approved fact; a refusal (over budget, already there, the scan) comes back as the message. */
  readonly pinMemoryFact: (id: number, to: PinDestination) => Promise<ActionResult>
  readonly unpinMemoryFact: (id: number, from: PinDestination) => Promise<ActionResult>
  readonly editMemoryEntry: (target: MemoryTarget, before: string, after: string) => Promise<ActionResult>
  readonly openMemoryFile: (slug: string, forgotten: boolean) => Promise<ActionResult>
  readonly saveMemoryFile: (text: string) => Promise<ActionResult>
  readonly closeMemoryFile: () => void
  readonly receiveMemoriesChanged: () => void
}

type Get = () => AppState

/** Facts asked for per page: enough to fill a tall window, few enough to draw at once. */
const MEMORIES_PAGE = 100
/** The most a reload asks for at once (the contract's page limit). */
const MEMORIES_RELOAD_MAX = 500
/** Times a page is asked for again when a re-read of the view overtook it. */
const MORE_ATTEMPTS = 3

/** Runs an action, turns a refusal into its message, and re-reads the view either way. */
async function act(get: Get, work: () => Promise<unknown>): Promise<ActionResult> {
  try {
    await work()
    return { ok: true, value: undefined }
  } catch (error) {
    return { ok: false, message: errorMessage(error) }
  } finally {
    await get().loadMemories()
  }
}

/** A refused memory-tool write (the result object says why) becomes a thrown error for `act`. */
function expectWritten(result: { success: boolean; error?: string }): void {
  if (!result.success) throw new Error(result.error ?? 'The memory file refused the change.')
}

export function createMemoriesSlice(api: ApiClient): SliceCreator<MemoriesSlice> {
  const forget = async (agentId: AgentId, item: ForgottenItem): Promise<void> => {
    if (item.kind === 'fact') await api.call('memories.forgetFact', { id: item.id })
    else if (item.kind === 'file') await api.call('memories.forgetFile', { agentId, slug: item.slug })
    else
      expectWritten(
        await api.call('memory.apply', { agentId, target: item.target, action: 'remove', oldText: item.text })
      )
  }
  const restore = async (agentId: AgentId, item: ForgottenItem): Promise<void> => {
    if (item.kind === 'fact') await api.call('memories.restoreFact', { id: item.id })
    else if (item.kind === 'file') await api.call('memories.restoreFile', { agentId, slug: item.slug })
    else
      expectWritten(
        await api.call('memory.apply', { agentId, target: item.target, action: 'add', content: item.text })
      )
  }
  return (set, get) => {
    const loadingMore = new Set<string>()
    // Called inside each action's try, so acting with no agent selected becomes the action's message.
    const agent = (): AgentId => {
      const agentId = get().selectedAgentId
      if (agentId === null) throw new Error('No agent is selected.')
      return agentId
    }
    return {
      memoriesView: null,
      memoriesQuery: '',
      memoriesError: null,
      memoriesLastForgotten: null,
      memoriesLastPinned: null,
      memoriesOpenFile: null,
      async loadMemories() {
        const agentId = get().selectedAgentId
        if (agentId === null) return
        // A reload after a change keeps as many facts of each list as were loaded, so the list
        // keeps its place however far it was scrolled: the first page, then pages up to that count.
        const before = get().memoriesView?.agentId === agentId ? get().memoriesView : null
        const shown = before?.facts.length ?? 0
        try {
          const first = await api.call('memories.list', {
            agentId,
            query: get().memoriesQuery,
            limit: Math.min(MEMORIES_RELOAD_MAX, Math.max(MEMORIES_PAGE, shown))
          })
          let view = await fillTo(api, first, 'approved', shown)
          view = await fillTo(api, view, 'forgotten', before?.forgotten.facts.length ?? 0)
          // An answer for an agent or a search the user has left behind is dropped.
          if (get().selectedAgentId === agentId && view.query === get().memoriesQuery.trim())
            set({ memoriesView: view, memoriesError: null })
        } catch (error) {
          set({ memoriesError: errorMessage(error) })
        }
      },
      async loadMoreMemoryFacts(status) {
        if (loadingMore.has(status)) return
        loadingMore.add(status)
        try {
          // A change re-read the view while the page was on its way: the page is asked again from
          // where the re-read list ends, so a list scrolled to its end goes on loading.
          for (let attempt = 0; attempt < MORE_ATTEMPTS; attempt++) {
            const view = get().memoriesView
            const after = view === null ? null : cursorOf(view, status)
            if (view === null || after === null) return
            const page = await api.call('memories.facts', {
              agentId: view.agentId,
              status,
              query: view.query,
              after,
              limit: MEMORIES_PAGE
            })
            const now = get().memoriesView
            // A page for a view the user has left (another agent, another search) is dropped.
            if (now === null || now.agentId !== view.agentId || now.query !== view.query) return
            // The list still ends where the page begins (a page of the other list may have landed
            // meanwhile, which leaves this one as it was): the page follows on.
            if (cursorOf(now, status) === after) {
              set({ memoriesView: withPage(now, status, page) })
              return
            }
          }
        } catch (error) {
          set({ memoriesError: errorMessage(error) })
        } finally {
          loadingMore.delete(status)
        }
      },
      async setMemoriesQuery(query) {
        set({ memoriesQuery: query })
        await get().loadMemories()
      },
      editMemoryFact: (id, text) => act(get, () => api.call('memories.editFact', { id, text })),
      async forgetMemory(item) {
        const result = await act(get, () => forget(agent(), item))
        if (result.ok)
          set({ memoriesLastForgotten: item, ...(item.kind === 'file' ? { memoriesOpenFile: null } : {}) })
        return result
      },
      async restoreMemory(item) {
        const result = await act(get, () => restore(agent(), item))
        if (result.ok) set({ memoriesLastForgotten: null })
        return result
      },
      pinMemoryFact: (id, to) =>
        act(get, async () => {
          const outcome = await api.call('memory.pin', { factId: id, to })
          if (!outcome.success) throw new Error(outcome.message)
          set({ memoriesLastPinned: { factId: id, to, message: outcome.message } })
        }),
      unpinMemoryFact: (id, from) =>
        act(get, async () => {
          await api.call('memory.unpin', { factId: id, from })
          const pinned = get().memoriesLastPinned
          if (pinned?.factId === id && pinned.to === from) set({ memoriesLastPinned: null })
        }),
      editMemoryEntry: (target, before, after) =>
        act(get, async () =>
          expectWritten(
            await api.call('memory.apply', {
              agentId: agent(),
              target,
              action: 'replace',
              oldText: before,
              content: after
            })
          )
        ),
      async openMemoryFile(slug, forgotten) {
        try {
          set({
            memoriesOpenFile: await api.call('memories.readFile', { agentId: agent(), slug, forgotten })
          })
          return { ok: true, value: undefined }
        } catch (error) {
          return { ok: false, message: errorMessage(error) }
        }
      },
      async saveMemoryFile(text) {
        const open = get().memoriesOpenFile
        if (open === null) return { ok: false, message: 'No memory file is open.' }
        return act(get, async () =>
          set({
            memoriesOpenFile: await api.call('memories.writeFile', {
              agentId: open.agentId,
              slug: open.slug,
              text,
              baseHash: open.hash
            })
          })
        )
      },
      closeMemoryFile() {
        set({ memoriesOpenFile: null })
      },
      receiveMemoriesChanged() {
        if (get().memoriesView !== null) void get().loadMemories()
      }
    }
  }
}

/** Where the next page of a list starts; null once it is all loaded. */
function cursorOf(view: MemoriesView, status: 'approved' | 'forgotten'): MemoriesView['next'] {
  return status === 'approved' ? view.next : view.forgotten.factsNext
}

/** The view with its list read on, a page at a time, until it holds `count` facts or has no more. */
async function fillTo(
  api: ApiClient,
  view: MemoriesView,
  status: 'approved' | 'forgotten',
  count: number
): Promise<MemoriesView> {
  let filled = view
  const length = (v: MemoriesView): number =>
    status === 'approved' ? v.facts.length : v.forgotten.facts.length
  for (let after = cursorOf(filled, status); after !== null && length(filled) < count;) {
    const page = await api.call('memories.facts', {
      agentId: view.agentId,
      status,
      query: view.query,
      after,
      limit: Math.min(MEMORIES_RELOAD_MAX, count - length(filled))
    })
    filled = withPage(filled, status, page)
    after = cursorOf(filled, status)
  }
  return filled
}

/** The view with one more page of facts appended. */
function withPage(
  view: MemoriesView,
  status: 'approved' | 'forgotten',
  page: { items: Fact[]; pins: FactPin[]; next: MemoriesView['next'] }
): MemoriesView {
  if (status === 'forgotten')
    return {
      ...view,
      forgotten: { ...view.forgotten, facts: [...view.forgotten.facts, ...page.items], factsNext: page.next }
    }
  return {
    ...view,
    facts: [...view.facts, ...page.items],
    pins: [...view.pins, ...page.pins],
    next: page.next
  }
}

/** The view, when it belongs to the agent now selected (a switch shows nothing stale). */
export const selectMemoriesView = (state: AppState): MemoriesView | null =>
  state.memoriesView !== null && state.memoriesView.agentId === state.selectedAgentId
    ? state.memoriesView
    : null
