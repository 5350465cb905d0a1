// Each event's `data`: the documented answer of the entity it is about (the same zod schema its GET route declares),
// so the OpenAPI document's `webhooks` and the deliveries describe one shape.
import type { z } from 'zod';
import { securityPackJobSchema } from '../../../shared/reports.js';
import { agreementRecord, amendmentRecord } from '../../../shared/schemas/agreement.js';
import { caseRecord } from '../../../shared/schemas/case.js';
import { importRunSchema } from '../../../shared/schemas/file-import.js';
import { opportunityRecord, proposalRecord } from '../../../shared/schemas/opportunity.js';
import { slipSchema } from '../../../shared/schemas/slip.js';
import { weekAnswerSchema } from '../../../shared/schemas/timesheet.js';
import type { WebhookEvent } from '../../../shared/schemas/webhook.js';

export const WEBHOOK_EVENT_SCHEMAS: Record<WebhookEvent, z.ZodType> = {
  // The `slip` of GET /api/manage/slip/{id} (slipLoadResponse), as its user sees it.
  'slip.created': slipSchema,
  'slip.updated': slipSchema,
  // The slip as it was just before it was deleted.
  'slip.deleted': slipSchema,
  // GET /api/time/week/{MMddyyyy}/{userId} as it answers (weekAnswerSchema: the week, its days, warnings, can).
  'week.submitted': weekAnswerSchema,
  'week.approved': weekAnswerSchema,
  // The `case` of GET /api/manage/case/{id}.
  'case.billed': caseRecord,
  'case.unbilled': caseRecord,
  // The `agreement` of GET /api/manage/agreement/{id}.
  'agreement.created': agreementRecord,
  'agreement.changed': agreementRecord,
  // The `amendment` of GET /api/manage/agreement/{agreementId}/amendment/{id} (with its changes).
  'amendment.signed': amendmentRecord,
  // The `opportunity` of GET /api/manage/opportunity/{id}.
  'opportunity.won': opportunityRecord,
  // The `proposal` of GET /api/manage/opportunity/{opportunityId}/proposal/{id} (with its lines and totals).
  'proposal.accepted': proposalRecord,
  // The `run` of GET /api/admin/file-import/{id}: one summary per import, however many rows it touched.
  'import.finished': importRunSchema,
  // The `job` of GET /api/report/security-pack/{id}.
  'security_pack.ready': securityPackJobSchema,
};
