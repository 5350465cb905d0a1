// Gallery building blocks: a titled, test-addressable cell and a render-prop holder of live state.
import { type ReactNode, useState } from 'react';

export function Demo({
  title,
  testId,
  children,
  wide,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'col-12' : 'col-md-6 col-xl-4'} data-testid={testId}>
      <h3 className="h6 text-body-secondary">{title}</h3>
      {children}
    </div>
  );
}

export function Live<T>({
  initial,
  children,
}: {
  initial: T;
  children: (value: T, set: (v: T) => void) => ReactNode;
}) {
  const [value, setValue] = useState<T>(initial);
  return <>{children(value, setValue)}</>;
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`kit-${id}`} data-testid={`kit-${id}`} className="mb-5">
      <h2 id={`kit-${id}`} className="h4 border-bottom pb-1 mb-3">
        {title}
      </h2>
      <div className="row g-4">{children}</div>
    </section>
  );
}

// Stable arrays: the kit hides errors after typing until it gets a different array.
export const DEMO_ERRORS = ['Invalid email address'];
export const DEMO_REQUIRED = ['This value should not be blank.'];
export const DEMO_WARNINGS = ['This address is shared with another person.'];
export const LONG_TEXT = Array.from(
  { length: 6 },
  (_, i) => `Line ${i + 1}: replaced the failing power supply and re-seated the RAID controller in the rack.`,
).join('\n');
