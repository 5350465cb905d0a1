// A drafted invoice line, as the month's lines (draft-lines.ts) and the term adjustments (term-adjustments.ts) make
// it and write-drafts.ts writes it.
import type { LineKind, Proration } from '../../../shared/schemas/billing-run.js';

export type DraftLine = {
  kind: LineKind;
  description: string;
  quantity: string;
  unitPrice: string;
  amountCents: bigint;
  proration: Proration | null;
  /** The term a recurring line bills, or an adjustment corrects. */
  term: { from: string; to: string } | null;
  detail: string | null;
  warning: string | null;
  serviceTypeId: number | null;
  agreementId: number | null;
  agreementServiceId: number | null;
  caseId: number | null;
  minutes: number | null;
  billableMinutes: number | null;
  coveredMinutes: number | null;
};

/** The source of a line drafted from an agreement's service: its type, agreement and service; no case, no time. */
export const serviceSource = (r: { type_id: number; agreement_id: number; service_id: number }) => ({
  serviceTypeId: r.type_id,
  agreementId: r.agreement_id,
  agreementServiceId: r.service_id,
  caseId: null,
  minutes: null,
  billableMinutes: null,
  coveredMinutes: null,
});
