// A field's value shown as text; long text can be shortened to N rows with a "(more)"/"(less)" toggle (SPEC §4).
import { useState } from 'react';
import { EmailText } from './email-text';

/** What an empty read-only field shows, so "no value" is not mistaken for a missing field. */
export const EMPTY_VALUE = '\u2014';

/** Wrap width assumed when counting rows of text (SPEC §5). */
export const WRAP_WIDTH = 70;

/** Rows the text takes when wrapped at `width` characters (at least 1). */
export function countRows(text: string, width = WRAP_WIDTH): number {
  return text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / width)), 0);
}

export type ReadOnlyTextProps = {
  id: string;
  value: string;
  /** Shorten to this many rows with a "(more)" toggle; absent = show everything. */
  rows?: number;
  /** Shown (muted) when the value is empty or blank; "—" unless given. */
  emptyText?: string;
  describedBy?: string;
  /** An email address: wraps after its @ and dots, not mid-word. */
  email?: boolean;
};

export function ReadOnlyText({
  id,
  value,
  rows,
  emptyText = EMPTY_VALUE,
  describedBy,
  email,
}: ReadOnlyTextProps) {
  const [expanded, setExpanded] = useState(false);
  const long = rows !== undefined && rows > 0 && countRows(value) > rows;
  // Shortened by CSS line clamping, so rows follow the real width; the toggle shows when the text is long.
  const clamp =
    long && !expanded
      ? {
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical' as const,
          WebkitLineClamp: rows,
          overflow: 'hidden',
        }
      : {};
  return (
    <div className="sd-readonly">
      <output
        id={id}
        // Bootstrap's d-block is !important and would undo the clamp.
        className={`form-control-plaintext text-break ${long && !expanded ? '' : 'd-block'}`}
        aria-describedby={describedBy}
        data-shortened={long && !expanded ? 'true' : undefined}
        style={{ whiteSpace: 'pre-wrap', ...clamp }}
      >
        {value.trim() === '' ? (
          <span className="text-body-secondary" data-empty="true">
            {emptyText}
          </span>
        ) : email ? (
          <EmailText email={value} />
        ) : (
          value
        )}
      </output>
      {long ? (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          aria-controls={id}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? '(less)' : '(more)'}
        </button>
      ) : null}
    </div>
  );
}
