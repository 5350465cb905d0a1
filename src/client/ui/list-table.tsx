// The wrapper of a list table: its header row stays in view under the top navigation while the page scrolls, and
// the table scrolls sideways only when it is wider than the screen (a sideways scroll box would unstick the header).
// While columns are hidden to the right, a hint above the table and a faded edge say so (phones hide scroll bars).
import { type HTMLAttributes, useRef } from 'react';
import { useScrollX } from './use-scroll-x';

export function ListTable({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const { wide, moreRight } = useScrollX(ref);
  return (
    <>
      {/* Above the table, where its header is: on a long list a hint below it would be off the first screen. Its line
          stays while the table scrolls (hidden at the end), so the rows do not jump. */}
      {wide && (
        <p
          className={`sd-scroll-hint small text-body-secondary text-end mb-1 ${moreRight ? '' : 'invisible'}`}
          aria-hidden="true"
        >
          Scroll for more →
        </p>
      )}
      <div
        ref={ref}
        {...rest}
        className={[
          'sd-list-table',
          wide ? 'sd-scroll-x' : '',
          moreRight ? 'sd-more-right' : '',
          className ?? '',
        ]
          .filter(Boolean)
          .join(' ')}
        data-scroll-x={wide ? 'true' : undefined}
      >
        {children}
      </div>
    </>
  );
}
