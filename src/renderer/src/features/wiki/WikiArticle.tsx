import type { ReactNode } from 'react'
import type { WikiCitation, WikiPageView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { factSource, nexusEntrySource } from '../search/sources'
import { KIND_LABEL } from './wikiKinds'

const day = (ms: number): string => new Date(ms).toLocaleDateString()

/** One fact or decision the page cites, with a way to its source. */
function Citation({ citation }: Readonly<{ citation: WikiCitation }>): ReactNode {
  const openSource = useAppStore((state) => state.openSource)
  const agentId = citation.agentId
  const source =
    citation.kind === 'decision'
      ? nexusEntrySource(citation.key)
      : agentId !== null
        ? factSource(agentId, citation.key)
        : null
  const what = citation.kind === 'decision' ? `decision #${citation.key}` : `fact ${citation.key}`
  return (
    <li className="wiki-citation" data-testid="wiki-citation">
      <p className="wiki-citation__text">{citation.text}</p>
      <div className="wiki-citation__meta muted">
        <span>
          {what} · {citation.by} · {day(citation.ts)}
        </span>
        {source !== null && (
          <Button size="small" variant="ghost" onClick={() => void openSource(source)}>
            {citation.kind === 'decision'
              ? `Open decision #${citation.key} in the Nexus`
              : `Open fact ${citation.key} in Memories`}
          </Button>
        )}
      </div>
    </li>
  )
}

function PageLinks({
  label,
  links,
  empty
}: Readonly<{ label: string; links: WikiPageView['links']; empty: string }>): ReactNode {
  const open = useAppStore((state) => state.openWikiPage)
  return (
    <section className="wiki-article__section" aria-label={label}>
      <h3>{label}</h3>
      {links.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="wiki-links">
          {links.map((link) => (
            <li key={link.slug}>
              <button type="button" className="wiki-link" onClick={() => void open(link.slug)}>
                {link.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A page as the app shows it: what it is, the facts and decisions citing it, and its links. */
export function WikiArticle({ page }: Readonly<{ page: WikiPageView }>): ReactNode {
  const facts = page.citations.filter((c) => c.kind === 'fact')
  const decisions = page.citations.filter((c) => c.kind === 'decision')
  return (
    <article className="wiki-article" aria-labelledby="wiki-article-title" data-testid="wiki-article">
      <header className="wiki-article__header">
        <h2 id="wiki-article-title">{page.title}</h2>
        {page.slug !== 'index' && (
          <span className="wiki-kind">{page.kind ? KIND_LABEL[page.kind] : 'Other name'}</span>
        )}
        <code className="wiki-article__path" title="The file Hearth writes; it opens in Obsidian as well">
          {page.path}
        </code>
      </header>
      {page.slug === 'index' ? (
        <PageLinks
          label="Every page"
          links={page.links}
          empty="No person, project or tool is named in an approved fact or a decision yet."
        />
      ) : (
        <>
          <p className="muted">
            Compiled from {facts.length} approved fact{facts.length === 1 ? '' : 's'} and {decisions.length}{' '}
            decision{decisions.length === 1 ? '' : 's'}; compiled again when approvals or decisions change.
          </p>
          {facts.length > 0 && (
            <section className="wiki-article__section" aria-label="Facts">
              <h3>Facts</h3>
              <ul className="wiki-citations">
                {facts.map((c) => (
                  <Citation key={`f${c.key}`} citation={c} />
                ))}
              </ul>
            </section>
          )}
          {decisions.length > 0 && (
            <section className="wiki-article__section" aria-label="Decisions">
              <h3>Decisions</h3>
              <ul className="wiki-citations">
                {decisions.map((c) => (
                  <Citation key={`d${c.key}`} citation={c} />
                ))}
              </ul>
            </section>
          )}
          {/* Naming together is mutual: the pages named with this one are also the pages linking here. */}
          <PageLinks label="Named with" links={page.links} empty="No other page is named beside it." />
        </>
      )}
    </article>
  )
}
