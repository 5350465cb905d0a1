// The wrapper of a list table: its header row stays in view under the top navigation while the page scrolls, and
// the table scrolls sideways only when it is wider than the screen (a sideways scroll box would unstick the header).
import { type HTMLAttributes, useRef } from 'react';
import { useScrollX } from './use-scroll-x';

export function ListTable({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollX = useScrollX(ref);
  return (
    <div
      ref={ref}
      {...rest}
      className={['sd-list-table', scrollX ? 'sd-scroll-x' : '', className ?? ''].filter(Boolean).join(' ')}
      data-scroll-x={scrollX ? 'true' : undefined}
    >
      {children}
    </div>
  );
}
