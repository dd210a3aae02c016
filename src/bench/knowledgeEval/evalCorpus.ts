import type { KnowledgeKind } from '../../shared/contract/knowledge'

/**
 * The retrieval evaluation: a fixture corpus of every kind and queries with the item each one
 * should find. Targets carry a made-up name (a "topic") so exactly one item is right; filler
 * items share the same everyday words and concepts, so ranking is not trivial. Query classes:
 * exact terms, partial words and identifiers, inflections, paraphrases (no word in common),
 * other languages' common words, and a decision's rationale.
 */
export type QueryClass = 'exact' | 'partial' | 'inflection' | 'paraphrase' | 'language' | 'rationale'

export interface EvalItem {
  /** Unique within the corpus; a query's `expect`. */
  readonly key: string
  readonly kind: KnowledgeKind
  readonly text: string
  /** For nexus decisions. */
  readonly rationale?: string
}

export interface EvalQuery {
  readonly cls: QueryClass
  readonly text: string
  readonly expect: string
}

const KINDS: readonly KnowledgeKind[] = [
  'fact',
  'memory_file',
  'memory_entry',
  'user_entry',
  'message',
  'nexus',
  'project_state',
  'skill'
]

/** [target text, query] pairs per class; each target names its own made-up topic. */
const CASES: Record<Exclude<QueryClass, 'rationale'>, readonly (readonly [string, string])[]> = {
  exact: [
    ['The quarrybell invoices are exported every Friday afternoon', 'quarrybell invoices'],
    ['Tomlin prefers the window seat on long trains', 'Tomlin window seat'],
    ['The brightwater sensor reports humidity every ten minutes', 'brightwater humidity'],
    ['Vendel runs the standup at half past nine', 'Vendel standup'],
    ['The copperfield repo holds the printer drivers', 'copperfield printer drivers'],
    ['Orsolya keeps the spare keys in the blue drawer', 'Orsolya blue drawer'],
    ['The marlowe dashboard shows queue depth per worker', 'marlowe queue depth'],
    ['Pettigrew reviews every schema change before merge', 'Pettigrew schema change'],
    ['The halvard cluster has sixteen nodes in two racks', 'halvard sixteen nodes'],
    ['Quentara bakes sourdough on Sunday mornings', 'Quentara sourdough']
  ],
  partial: [
    ['Run zorbulator_v2 before tagging a release', 'zorbulat'],
    ['The config lives in frimblewick.yaml at the repo root', 'frimblew'],
    ['Use the grazzleport flag to open the debug console', 'grazzlep'],
    ['The snorkelmatic service restarts itself at midnight', 'snorkelmat'],
    ['Our tracker tag is PLX-4471-wobble for the audio bug', 'PLX-4471'],
    ['The bundle is built by quibbletron --fast', 'quibbletr'],
    ['Secrets for the yonderbox stage come from the vault', 'yonderb'],
    ['The wifi name is GlimmerNet_5G upstairs', 'GlimmerN'],
    ['The dashboard id is dash-7781-kappa', '7781-kapp'],
    ['Logs of the trundlewise job are kept for a week', 'trundlew']
  ],
  inflection: [
    ['Prism deploys the mobile app on Tuesdays', 'prism deploying mobile apps'],
    ['The Oakhurst team migrated the invoices last spring', 'oakhurst migrating invoice'],
    ['Selwyn writes the weekly newsletters', 'selwyn writing weekly newsletter'],
    ['The Brackwater scripts rotated the certificates', 'brackwater rotating certificate'],
    ['Lindqvist plans the quarterly budgets', 'lindqvist planning quarterly budget'],
    ['Fennimore tested the payment flows yesterday', 'fennimore testing payment flow'],
    ['The Ashgrove nodes stopped syncing their clocks', 'ashgrove node stops syncing clock'],
    ['Wexley archived the old tickets', 'wexley archiving old ticket'],
    ['Cardew translates the help pages', 'cardew translating help page'],
    ['The Ridley importer parses the bank statements', 'ridley importers parsing bank statement']
  ],
  paraphrase: [
    ['API secrets are kept in the OS keychain', 'credential storage'],
    ['Nightly backups go to the NAS', 'evening snapshot copy'],
    ['The user prefers espresso in the morning', 'favourite coffee at dawn'],
    ['Releases ship on Monday after the standup', 'deployment weekday meeting'],
    ['We fixed the crash in the logging module', 'repair error trace'],
    ['The flight to Lisbon was too expensive', 'trip price'],
    ['Helix is the editor of choice', 'favourite vim'],
    ['Staging listens on port 8443', 'endpoint address'],
    ['Encrypt the database with TLS certificates', 'cipher datastore https'],
    ['Plants in the garden need water on Sundays', 'flower garten']
  ],
  language: [
    ['The user drinks coffee every morning', 'kaffee morgen'],
    ['Backups of the database run at night', 'sauvegarde base de donnees nuit'],
    ['The team meeting is on Monday', 'reunion equipo lunes'],
    ['Passwords are stored in the vault', 'contrasena boveda'],
    ['The release was moved to the new server', 'migrer serveur deploiement'],
    ['The user avoids flights when travelling', 'eviter voyage'],
    ['Logs show the error from the cache', 'fehler protokoll'],
    ['The user likes jazz music in the car', 'musique voiture'],
    ['The book club reads a novel a month', 'libro leer'],
    ['Delete old snapshots from the backup disk', 'borrar respaldo']
  ]
}

const RATIONALES: readonly (readonly [string, string, string])[] = [
  [
    'Use SQLite for the nightline cache',
    'one file to copy and nothing to operate',
    'nothing to operate one file'
  ],
  [
    'Pin the brambleton toolchain to Node 20',
    'the native modules crash on newer versions',
    'native modules crash'
  ],
  ['Keep the caldera exports as CSV', 'accountants open them in spreadsheets', 'accountants spreadsheets'],
  ['Drop the legacy wrenfield API', 'no client called it for a year', 'no client called it'],
  ['Ship the larchmont app weekly', 'smaller releases are easier to roll back', 'easier to roll back'],
  [
    'Store dunmore photos outside the repo',
    'the repository grew past two gigabytes',
    'repository grew gigabytes'
  ],
  [
    'Review the hollis contracts in pairs',
    'a single reader missed a clause last time',
    'reader missed a clause'
  ],
  [
    'Run the pemberton tests on every commit',
    'regressions were found too late before',
    'regressions found too late'
  ],
  ['Move the tidewell meeting to Thursdays', 'half the team is off on Mondays', 'team off on mondays'],
  ['Encrypt the ashcombe backups', 'they leave the building on a disk', 'leave the building on a disk']
]

/** Everyday filler: the same words and concepts as the targets, never a target's topic. */
const FILLER_SUBJECTS = [
  'The team',
  'The user',
  'Our service',
  'The nightly job',
  'The old laptop',
  'The office',
  'The agent',
  'The build'
]
const FILLER_PREDICATES = [
  'talked about the budget for the next quarter',
  'reads the logs when something looks slow',
  'keeps notes in a plain text file',
  'moved the meeting notes to the wiki',
  'checks the calendar before planning a trip',
  'likes quiet mornings before the first call',
  'stores drafts in a shared folder',
  'restarts the server after an update',
  'writes the changelog by hand',
  'prefers short meetings with an agenda',
  'reviews pull requests after lunch',
  'has a garden with tomatoes and herbs',
  'backs up photos to an external disk',
  'asked for a cheaper phone plan',
  'fixed a typo in the readme'
]

function fillerText(index: number): string {
  const subject = FILLER_SUBJECTS[index % FILLER_SUBJECTS.length] as string
  const predicate = FILLER_PREDICATES[(index * 7) % FILLER_PREDICATES.length] as string
  return `${subject} ${predicate} (note ${index})`
}

export interface EvalSet {
  readonly items: readonly EvalItem[]
  readonly queries: readonly EvalQuery[]
}

/** The whole evaluation set: 60 targets spread over every kind, 250 fillers, 60 queries. */
export function evalSet(fillers = 250): EvalSet {
  const items: EvalItem[] = []
  const queries: EvalQuery[] = []
  let n = 0
  for (const [cls, cases] of Object.entries(CASES) as [
    QueryClass,
    readonly (readonly [string, string])[]
  ][]) {
    cases.forEach(([text, query], i) => {
      const key = `${cls}-${i}`
      items.push({ key, kind: KINDS[n++ % KINDS.length] as KnowledgeKind, text })
      queries.push({ cls, text: query, expect: key })
    })
  }
  RATIONALES.forEach(([summary, rationale, query], i) => {
    const key = `rationale-${i}`
    items.push({ key, kind: 'nexus', text: summary, rationale })
    queries.push({ cls: 'rationale', text: query, expect: key })
  })
  for (let i = 0; i < fillers; i++)
    items.push({ key: `filler-${i}`, kind: KINDS[i % KINDS.length] as KnowledgeKind, text: fillerText(i) })
  return { items, queries }
}
