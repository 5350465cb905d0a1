// Resources → the three documentation books (docs/<book>/*.md, rendered by the server): the contents with a search
// across the book, one page at a time with its headings' anchors, and previous/next links.
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useId, useState } from 'react';
import { Alert, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { DOC_BOOKS, type DocBookId, type DocPage, type DocToc } from '../../../shared/schemas/documentation';
import { apiGet } from '../../api/http';
import { useMediaQuery } from '../../shell/use-media-query';
import { type DocHit, HITS_MAX, SEARCH_MIN, searchBook } from './doc-search';
import './documentation.scss';

const WIDE = '(min-width: 992px)';

const pagePath = (book: DocBookId, slug: string, anchor?: string) =>
  `${pathFor(DOC_BOOKS[book].pageRoute, { page: slug })}${anchor ? `#${anchor}` : ''}`;

export function useDocToc(book: DocBookId) {
  return useQuery({
    queryKey: ['docs', book],
    queryFn: ({ signal }) => apiGet<DocToc>(`/api/resources/docs/${book}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useDocPage(book: DocBookId, slug: string | undefined) {
  return useQuery({
    queryKey: ['docs', book, slug],
    queryFn: ({ signal }) => apiGet<DocPage>(`/api/resources/docs/${book}/${slug}`, { signal }),
    enabled: !!slug,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function Hits({ book, hits, query }: { book: DocBookId; hits: DocHit[]; query: string }) {
  if (hits.length === 0)
    return <p className="text-body-secondary mb-0">No pages mention “{query.trim()}”.</p>;
  return (
    <>
      <p className="small text-body-secondary mb-2" role="status">
        {hits.length >= HITS_MAX
          ? `The first ${HITS_MAX} sections`
          : `${hits.length} section${hits.length === 1 ? '' : 's'}`}{' '}
        found
      </p>
      <ul className="list-unstyled sd-doc-hits mb-0" data-testid="doc-hits">
        {hits.map((hit) => (
          <li key={`${hit.slug}#${hit.anchor}`}>
            <Link to={pagePath(book, hit.slug, hit.anchor)}>
              {hit.pageTitle === hit.title ? hit.title : `${hit.pageTitle} › ${hit.title}`}
            </Link>
            <div className="small text-body-secondary">{hit.snippet}</div>
          </li>
        ))}
      </ul>
    </>
  );
}

function TocList({ toc, current }: { toc: DocToc; current?: string }) {
  const groups: { label: string | null; pages: DocToc['pages'] }[] = [];
  for (const page of toc.pages) {
    const last = groups[groups.length - 1];
    if (last && last.label === page.group) last.pages.push(page);
    else groups.push({ label: page.group, pages: [page] });
  }
  return (
    <nav aria-label={`${toc.title} contents`} data-testid="doc-toc">
      {groups.map((group) => (
        <div key={group.label ?? '-'} className="mb-2">
          {group.label ? <div className="sd-doc-group">{group.label}</div> : null}
          <ol className="list-unstyled mb-0 sd-doc-toc">
            {group.pages.map((page) => (
              <li key={page.slug}>
                <Link
                  to={pagePath(toc.book, page.slug)}
                  aria-current={page.slug === current ? 'page' : undefined}
                  className={page.slug === current ? 'active' : undefined}
                >
                  {page.title}
                </Link>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </nav>
  );
}

/** The search box and, below it, the contents or the search's hits. */
function Contents({ toc, current }: { toc: DocToc; current?: string }) {
  const [query, setQuery] = useState('');
  const id = useId();
  const searching = query.trim().length >= SEARCH_MIN;
  return (
    <>
      <Form.Label htmlFor={id} className="visually-hidden">
        Search {toc.title}
      </Form.Label>
      <Form.Control
        id={id}
        type="search"
        size="sm"
        placeholder={`Search ${toc.title}`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="mb-3"
        autoComplete="off"
      />
      {searching ? (
        <Hits book={toc.book} hits={searchBook(toc.pages, query)} query={query} />
      ) : (
        <TocList toc={toc} current={current} />
      )}
    </>
  );
}

/** On wide screens the contents sit beside the page; on narrower ones they fold above it. */
function Sidebar({ toc, current }: { toc: DocToc; current: string }) {
  const wide = useMediaQuery(WIDE);
  if (wide) {
    return (
      <Card className="sd-card sd-doc-sidebar">
        <Card.Body>
          <Contents toc={toc} current={current} />
        </Card.Body>
      </Card>
    );
  }
  return (
    <details className="card sd-card mb-3 sd-doc-fold">
      <summary className="card-header">Contents and search</summary>
      <div className="card-body">
        <Contents toc={toc} current={current} />
      </div>
    </details>
  );
}

function Loading() {
  return <Spinner animation="border" size="sm" role="status" aria-label="Loading" />;
}

/** Links inside a page stay in the app: other pages and anchors navigate without a page load. */
function usePageLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href || link?.target === '_blank') return;
    if (href.startsWith('#')) {
      event.preventDefault();
      navigate({ hash: href });
    } else if (href.startsWith('/')) {
      event.preventDefault();
      navigate(href);
    }
  };
}

function PageView({ book, slug, toc }: { book: DocBookId; slug: string; toc: DocToc }) {
  const page = useDocPage(book, slug);
  const onClick = usePageLinks();
  if (page.isPending) return <Loading />;
  if (page.isError) return <Alert variant="danger">{page.error.message}</Alert>;
  const { previous, next } = page.data;
  return (
    <article className="sd-doc" aria-label={page.data.title}>
      {/* Sanitized on the server (modules/documentation/doc-html.ts): an allowlist of tags and attributes. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: clicks on its links */}
      <div
        className="sd-doc-body"
        onClick={onClick}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized documentation HTML
        dangerouslySetInnerHTML={{ __html: page.data.html }}
      />
      <nav className="sd-doc-pager" aria-label="Previous and next pages">
        {previous ? (
          <Link to={pagePath(book, previous.slug)} rel="prev" className="sd-doc-prev">
            <span className="small text-body-secondary d-block">Previous</span>‹ {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={pagePath(book, next.slug)} rel="next" className="sd-doc-next">
            <span className="small text-body-secondary d-block">Next</span>
            {next.title} ›
          </Link>
        ) : null}
      </nav>
      <p className="small text-body-secondary mt-3 mb-0">
        <Link to={pathFor(DOC_BOOKS[toc.book].route)}>All pages of {toc.title}</Link>
      </p>
    </article>
  );
}

/** A book: its contents (no page chosen) or one page beside them. */
export function DocumentationBook({ book, page }: { book: DocBookId; page?: string }) {
  const toc = useDocToc(book);
  const title = DOC_BOOKS[book].title;
  if (toc.isPending) return <Loading />;
  if (toc.isError) return <Alert variant="danger">{toc.error.message}</Alert>;
  if (!page) {
    return (
      <>
        <div className="sd-page-head">
          <h1 className="h4 mb-0">{title}</h1>
        </div>
        <Card className="sd-card sd-doc-index">
          <Card.Body>
            <Contents toc={toc.data} />
          </Card.Body>
        </Card>
      </>
    );
  }
  return (
    <div className="row g-3">
      <div className="col-lg-3 order-lg-2">
        <Sidebar toc={toc.data} current={page} />
      </div>
      <div className="col-lg-9 order-lg-1">
        <PageView key={page} book={book} slug={page} toc={toc.data} />
      </div>
    </div>
  );
}

function usePage() {
  return useParams().page;
}

export function DocumentationPage() {
  return <DocumentationBook book="user" page={usePage()} />;
}

export function DocumentationDevPage() {
  return <DocumentationBook book="dev" page={usePage()} />;
}

export function DocumentationScriptingPage() {
  return <DocumentationBook book="scripting" page={usePage()} />;
}

/** Resources → Monitoring Docs: the developer book's monitoring page. */
export function MonitoringDocsPage() {
  return <DocumentationBook book="dev" page="monitoring" />;
}
