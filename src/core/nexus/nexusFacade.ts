import type { NexusService } from './nexusService'
import type { SqliteNexusRepository } from './nexusRepository'
import type { NexusUseCases, UnreadPage } from './nexusUseCases'

/** The hosts' face of the Nexus over the service the composition root built (see NexusUseCases). */
export function nexusUseCases(nexus: NexusService): NexusUseCases {
  const { acks, ledger, members, projectState, repository, turnEntries } = nexus
  return {
    list: (filter) => nexus.list(filter),
    post: (raw) => nexus.post(raw),
    postMany: (raws) => nexus.postMany(raws),
    entries: (seqs) => repository.get(seqs),
    verify: () => nexus.verify(),
    verifyInSteps: (onProgress, resume) => nexus.verifyInSteps(onProgress, resume),
    decisions: (limit) => nexus.decisions(limit),
    checkpointsOfAll: () => nexus.checkpointsOfAll(),
    cursors: (agents) => nexus.cursors(agents),
    watch: () => nexus.watch(),
    readUnread: (reader, author, limit) => readUnread(repository, reader, author, limit),
    flushMirror: () => nexus.flushMirror(),

    conflicts: (includeResolved) => nexus.conflicts(includeResolved),
    conflictPage: (query) => nexus.conflictPage(query),
    openConflictPage: (query) => ledger.page(query),
    openConflictsInvolvingPage: (author, limit) => ledger.openInvolvingPage(author, limit),
    resolve: (first, second, summary, body) => nexus.resolve(first, second, summary, body),

    settings: () => nexus.settings(),
    updateSettings: (patch) => nexus.updateSettings(patch),
    ackStatus: (query) => acks.statusInSteps(query),
    dismissAck: (member, seq) => acks.dismiss(member, seq),
    awaitingAckPage: (author, limit) => acks.awaitingPage(author, limit),
    members: () => members.list(),
    memberBindings: () => members.bindings(),
    bindMember: (input) => members.bind(input),
    revokeMember: (name) => members.revoke(name),
    memberSeen: (name, sighting) => members.seen(name, sighting),
    markTurn: (sessionId, turnId) => turnEntries.mark(sessionId, turnId),

    readProjectState: () => projectState.read(),
    currentProjectState: () => projectState.current(),
    saveProjectState: (content, baseHash, force, author) =>
      projectState.save(content, baseHash, force, author),
    updateProjectState: (content, baseHash, author) => projectState.update(content, baseHash, author)
  }
}

function readUnread(
  repository: SqliteNexusRepository,
  reader: string,
  author: string,
  limit: number
): UnreadPage {
  const from = repository.cursor(reader)
  const page = repository.unreadAfter(author, from, limit)
  const remaining = page.total - page.entries.length
  const to = remaining === 0 ? Math.max(from, repository.maxSeq()) : (page.entries.at(-1)?.seq ?? from)
  if (to > from) repository.advanceCursor(reader, to)
  return { entries: page.entries, remaining, from, to }
}
