// Small pieces the billing screens share: the months a run can draft, the status badges of runs and invoices, a
// stamp in words and the messages box of a refused call.
import { Alert, Badge } from 'react-bootstrap';
import { periodLabel } from '../../../shared/schemas/billing-run';
import type { Stamp } from '../../../shared/schemas/common';
import { readTimeZone } from '../../shell/environment';
import { formatWhen } from '../history/history-api';

/** Months the picker offers: this one and the two years before it. */
const MONTHS_OFFERED = 25;

/** This month in the company's calendar (the server's time zone; the browser's when not served by it), YYYY-MM. */
export function companyMonth(timeZone: string | null = readTimeZone(), now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The month `by` months from a YYYY-MM month. */
export function shiftMonth(period: string, by: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The picker's months, newest first, as options ("October 2026"). */
export function monthOptions(thisMonth: string): { value: string; label: string }[] {
  return Array.from({ length: MONTHS_OFFERED }, (_, i) => {
    const value = shiftMonth(thisMonth, -i);
    return { value, label: periodLabel(value) };
  });
}

const RUN_TONES: Record<string, string> = {
  QUEUED: 'secondary',
  RUNNING: 'info',
  READY: 'success',
  FAILED: 'danger',
};
const INVOICE_TONES: Record<string, string> = {
  DRAFT: 'secondary',
  APPROVED: 'primary',
  POSTED: 'success',
  VOID: 'dark',
};

export function StatusBadge({
  status,
  of,
}: {
  status: { value: string; label: string };
  of: 'run' | 'invoice';
}) {
  const tone = (of === 'run' ? RUN_TONES : INVOICE_TONES)[status.value] ?? 'secondary';
  return (
    <Badge bg={tone} className="fw-medium" data-status={status.value}>
      {status.label}
    </Badge>
  );
}

/** "11/02/2026 9:05 AM by Ada Admin". */
export const stampText = (stamp: Stamp) =>
  `${formatWhen(stamp.at)}${stamp.by ? ` by ${stamp.by.label}` : ''}`;

/** A refused call's messages, one a line, dismissible. */
export function Problem({ messages, onClose }: { messages: string[]; onClose?: () => void }) {
  if (messages.length === 0) return null;
  return (
    <Alert variant="danger" className="py-2 small" role="alert" dismissible={!!onClose} onClose={onClose}>
      {messages.map((m) => (
        <div key={m}>{m}</div>
      ))}
    </Alert>
  );
}
