import { useEffect, useState, type ReactNode } from 'react'
import type { WikiList } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { WikiArticle } from './WikiArticle'
import { pagesByKind } from './wikiKinds'
import { selectWikiList, selectWikiPage } from './wikiSlice'
import './wiki.css'

function PageList({ list }: Readonly<{ list: WikiList }>): ReactNode {
  const selected = useAppStore((state) => state.wikiSlug)
  const open = useAppStore((state) => state.openWikiPage)
  const item = (slug: string, title: string, detail: string): ReactNode => (
    <li key={slug}>
      <button
        type="button"
        className={slug === selected ? 'wiki-list__item wiki-list__item--selected' : 'wiki-list__item'}
        aria-current={slug === selected ? 'page' : undefined}
        onClick={() => void open(slug)}
      >
        <span className="wiki-list__title">{title}</span>
        <span className="muted">{detail}</span>
      </button>
    </li>
  )
  const count = list.pages.filter((page) => page.slug !== 'index').length
  return (
    <nav className="wiki-list" aria-label="Wiki pages">
      <ul>{item('index', 'All pages', `${count}`)}</ul>
      {pagesByKind(list.pages).map((group) => (
        <section key={group.label} aria-label={group.label}>
          <h2 className="wiki-list__group">{group.label}</h2>
          <ul>
            {group.pages.map((page) =>
              item(page.slug, page.title, `${page.sources} source${page.sources === 1 ? '' : 's'}`)
            )}
          </ul>
        </section>
      ))}
    </nav>
  )
}

/**
 * Wiki: the pages Hearth compiles from approved facts and Nexus decisions, one per person,
 * project and tool, each citing its sources (which open where they live) and linked both ways.
 */
export function WikiSection(): ReactNode {
  const list = useAppStore(selectWikiList)
  const page = useAppStore(selectWikiPage)
  const error = useAppStore((state) => state.wikiError)
  const load = useAppStore((state) => state.loadWiki)
  const rebuild = useAppStore((state) => state.rebuildWiki)
  const [rebuildError, setRebuildError] = useState<string | null>(null)
  useEffect(() => {
    void load()
  }, [load])
  const empty = list !== null && list.pages.every((p) => p.slug === 'index')
  return (
    <div className="section section--fill wiki-section" data-testid="wiki-section">
      <header className="section__header">
        <h1 className="section__title">Wiki</h1>
        <span className="section__subtitle">
          People, projects and tools named in approved facts and decisions
          {list ? ` · ${list.dir}/` : ''}
        </span>
        <Button
          className="wiki-section__rebuild"
          onClick={() => void rebuild().then((result) => setRebuildError(result.ok ? null : result.message))}
        >
          Compile again
        </Button>
      </header>
      {(error ?? rebuildError) !== null && (
        <Banner tone="danger" title="The wiki could not be read">
          {rebuildError ?? error}
        </Banner>
      )}
      {list === null ? null : empty ? (
        <EmptyState title="No pages yet">
          A page appears when an approved fact or a Nexus decision names a person, project or tool — approve
          candidates in Review, or record a decision in the Nexus.
        </EmptyState>
      ) : (
        <div className="wiki-layout">
          <PageList list={list} />
          <div className="wiki-detail">{page !== null && <WikiArticle page={page} />}</div>
        </div>
      )}
    </div>
  )
}
