import type Database from 'better-sqlite3'

/** Where a device's file stands in this home's eyes. */
export const SYNC_DEVICE_STATUSES = ['ok', 'quarantined'] as const

/**
 * The Nexus across devices (exchanged through a git remote, see core/nexus/sync):
 * - `nexus_sync_devices`: every other device whose file this home has read, with the outcome of
 *   the last check. A device whose file does not verify is quarantined: nothing more is merged
 *   from it until the user releases it (and the file then verifies).
 * - `nexus_sync_runs`: the outcome of each sync, newest kept, for Settings and the CLI.
 * - an index over (origin, origin_seq): a device's own entries are written out in that order,
 *   and the next origin_seq is read from it instead of walking back from the tail.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE nexus_sync_devices (
      device         TEXT    PRIMARY KEY,          -- the device's id (a UUID), also its file's name
      name           TEXT,                         -- what the device calls itself (its host name), untrusted
      status         TEXT    NOT NULL CHECK (status IN ('ok','quarantined')),
      problem        TEXT,                         -- why it is quarantined: the file and the first bad line
      entries        INTEGER NOT NULL DEFAULT 0,   -- entries its file held at the last check
      blob           TEXT,                         -- git blob of that file (unchanged: nothing to read again)
      first_seen_at  INTEGER NOT NULL,             -- epoch ms
      last_seen_at   INTEGER NOT NULL              -- epoch ms
    ) STRICT;

    CREATE TABLE nexus_sync_runs (
      id             INTEGER PRIMARY KEY,
      started_at     INTEGER NOT NULL,             -- epoch ms
      finished_at    INTEGER NOT NULL,             -- epoch ms
      ok             INTEGER NOT NULL CHECK (ok IN (0, 1)),
      remote         TEXT    NOT NULL,             -- the remote as shown (credentials removed)
      pushed         INTEGER NOT NULL,             -- this device's entries the remote did not have
      pulled         INTEGER NOT NULL,             -- other devices' entries merged here
      remote_commit  TEXT,                         -- the commit the remote was at afterwards
      notes          TEXT    NOT NULL DEFAULT '{}' -- JSON: {problems: [sentences], needsNewDeviceId}
    ) STRICT;

    CREATE INDEX nexus_entries_by_origin ON nexus_entries (origin, origin_seq);
  `)
}
