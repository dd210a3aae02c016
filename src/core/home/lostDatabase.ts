import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { HearthError } from '../errors'
import type { HomePaths } from './homePaths'

/**
 * Refuses to open a home whose hearth.db is missing or empty while agent folders sit beside it
 * (a sync that skipped the database, a restore cut short, a mistaken delete). Creating a fresh
 * database there would bring the agents back nameless, with no chats, facts or Nexus, and hide
 * that anything was lost; the user chooses instead: restore a backup, or start over.
 */
export function refuseLostDatabase(paths: HomePaths): void {
  const size = statSync(paths.db, { throwIfNoEntry: false })?.size
  if (size !== undefined && size > 0) return
  const agents = agentFolders(paths.agents)
  if (agents.length === 0) return
  const state = size === undefined ? 'is missing' : 'is empty'
  throw new HearthError(
    'conflict',
    `The database ${paths.db} ${state}, but the home holds ${agents.length} agent folder(s) (${agents.slice(0, 5).join(', ')}). ` +
      'Hearth did not create a new one: that would bring the agents back without their names, chats, facts or Nexus. ' +
      'Either restore a backup (`hearth restore FILE --home DIR` into an empty folder, then use that home), or start over ' +
      `by moving ${paths.agents} aside (the agents' files stay there to copy back by hand).`
  )
}

function agentFolders(dir: string): string[] {
  if (!existsSync(dir)) return []
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'SOUL.md')))
      .map((entry) => entry.name)
  } catch {
    // An unreadable agents folder says nothing about the database; opening goes on and reports it.
    return []
  }
}
