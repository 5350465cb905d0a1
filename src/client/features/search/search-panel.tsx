// The shell's search panel (SPEC §1, §2 "Shell panels"): global search with keyboard navigation of the results.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import type { GlobalSearchResult } from '../../../shared/schemas/search';
import { SidePanel } from '../../ui/dialog';
import { sanitizeRichText } from '../../ui/sanitize-html';
import { useSearchOptional } from './search-state';
import { useGlobalSearch } from './use-global-search';

export const NO_RESULTS = 'No elements found. Consider changing the search query.';

/** The server escapes the value and marks the match; the sanitizer is a second guard keeping only <mark>. */
function MarkedValue({ html }: { html: string }) {
  return (
    <span
      className="sd-search-value"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the server, then only MARK survives sanitizing
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html, ['MARK']) }}
    />
  );
}

export function SearchPanel() {
  const search = useSearchOptional();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const { results, settled } = useGlobalSearch(input);
  const showing = !!search?.showing;

  // Each new answer starts at its first result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the results change
  useEffect(() => setActive(0), [results]);

  // The input takes focus once the panel is on screen (it is hidden during the first frames of its transition).
  useEffect(() => {
    if (!showing) return;
    const focus = () => {
      const el = inputRef.current;
      if (el && document.activeElement !== el) {
        el.focus();
        el.select();
      }
    };
    const timers = [0, 50, 150, 350].map((ms) => window.setTimeout(focus, ms));
    return () => {
      for (const t of timers) window.clearTimeout(t);
    };
  }, [showing]);

  // The highlighted result stays in view while the arrows move through a long list.
  useEffect(() => {
    document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  if (!search) return null;

  const openResult = (result: GlobalSearchResult | undefined) => {
    if (!result) return;
    search.close();
    navigate(result.route);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openResult(results[active]);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <SidePanel
      title="Search"
      show={showing}
      onHide={search.close}
      showOkay={false}
      showCancel={false}
      placement="end"
      className="sd-search-panel"
      data-testid="search-panel"
    >
      <Form.Control
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Search term"
        aria-autocomplete="list"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
        placeholder="Search organizations, people, equipment, cases, opportunities…"
        autoComplete="off"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label="Search results" className="sd-search-results mt-2">
        {results.map((r, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the combobox input
          <div
            key={`${r.route} ${r.field_label}`}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={`sd-search-result${i === active ? ' active' : ''}`}
            onMouseEnter={() => setActive(i)}
            onClick={() => openResult(r)}
          >
            <span className="sd-search-name">{r.name}</span>
            {r.detail ? <span className="sd-search-detail">{r.detail}</span> : null}
            <span className="sd-search-field">
              <span className="sd-search-label">{r.field_label}:</span> <MarkedValue html={r.value} />
            </span>
          </div>
        ))}
      </div>
      {settled && input.trim() !== '' && results.length === 0 ? (
        <p className="text-body-secondary mt-2" role="status">
          {NO_RESULTS}
        </p>
      ) : null}
    </SidePanel>
  );
}
