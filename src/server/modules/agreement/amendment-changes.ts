// An amendment's service changes: loaded for its form and its before/after table, saved whole with the amendment,
// and applied to the agreement's services when it is signed (in the amendment's transaction, with field history
// for every service touched; any conflict refuses the whole save).
import type pg from 'pg';
import {
  type BillingFrequency,
  formatMoney,
  formatQuantity,
  monthlyAmount,
} from '../../../shared/format/money.js';
import {
  type AmendmentChangeInput,
  type AmendmentChangeValue,
  BILLING_FREQUENCIES,
  CHANGE_KINDS,
  type ChangeRow,
  changeMessage,
} from '../../../shared/schemas/agreement.js';
import type { Option } from '../../../shared/schemas/common.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import { badRequest } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { historyChanges, loadRecord, type Queryable } from '../../platform/records.js';
import { AGREEMENT_SERVICE } from './agreement-service.record.js';
import { serviceProblems } from './agreement-service.routes.js';

type ChangeDbRow = {
  kind: string;
  service_id: number | null;
  service_label: string | null;
  service_type_id: number | null;
  type_name: string | null;
  description: string | null;
  quantity: string | null;
  unit_price: string | null;
  billing_frequency: string | null;
  covered_hours: string | null;
  before_quantity: string | null;
  before_unit_price: string | null;
  // The service as it is now (the before side of an unsigned amendment).
  current_quantity: string | null;
  current_unit_price: string | null;
  current_frequency: string | null;
  current_type: string | null;
  current_description: string | null;
};

/** "Managed Workstation (Front office) · from 01/01/2026": how a service is named in a picker. */
export const SERVICE_LABEL_SQL = `st.name || coalesce(' (' || s.description || ')', '')
  || ' × ' || trim(trailing '.' from trim(trailing '0' from s.quantity::text))
  || ' · from ' || to_char(s.start_date, 'MM/DD/YYYY')`;

async function loadChangeRows(db: Queryable, amendmentId: number): Promise<ChangeDbRow[]> {
  const { rows } = await db.query<ChangeDbRow>(
    `SELECT c.kind, c.service_id, CASE WHEN s.id IS NULL THEN NULL ELSE ${SERVICE_LABEL_SQL} END AS service_label,
            c.service_type_id, ct.name AS type_name, c.description,
            c.quantity::text AS quantity, c.unit_price::text AS unit_price, c.billing_frequency,
            c.covered_hours::text AS covered_hours,
            c.before_quantity::text AS before_quantity, c.before_unit_price::text AS before_unit_price,
            s.quantity::text AS current_quantity, s.unit_price::text AS current_unit_price,
            s.billing_frequency AS current_frequency, st.name AS current_type, s.description AS current_description
       FROM amendment_changes c
       LEFT JOIN service_types ct ON ct.id = c.service_type_id
       LEFT JOIN agreement_services s ON s.id = c.service_id
       LEFT JOIN service_types st ON st.id = s.service_type_id
      WHERE c.amendment_id = $1 ORDER BY c.position`,
    [amendmentId],
  );
  return rows;
}

const frequencyOption = (value: string | null): Option | null =>
  value ? { value, label: codeLabel(BILLING_FREQUENCIES, value) ?? value } : null;
const kindOption = (value: string): Option => ({ value, label: codeLabel(CHANGE_KINDS, value) ?? value });

/** The changes as the form edits them, and the before/after table as the reader sees it. */
export async function loadChanges(
  db: Queryable,
  amendmentId: number,
  signed: boolean,
): Promise<{ changes: AmendmentChangeValue[]; changeRows: ChangeRow[] }> {
  const rows = await loadChangeRows(db, amendmentId);
  const changes = rows.map((r) => ({
    kind: kindOption(r.kind),
    service: r.service_id ? { value: r.service_id, label: r.service_label ?? '' } : null,
    serviceType: r.service_type_id ? { value: r.service_type_id, label: r.type_name ?? '' } : null,
    description: r.description,
    quantity: r.quantity,
    unitPrice: r.unit_price,
    billingFrequency: frequencyOption(r.billing_frequency),
    coveredHours: r.covered_hours,
  }));
  const changeRows = rows.map((r): ChangeRow => {
    const frequency = (
      r.kind === 'ADD' ? r.billing_frequency : r.current_frequency
    ) as BillingFrequency | null;
    const side = (quantity: string | null, unitPrice: string | null) =>
      quantity !== null && unitPrice !== null && frequency
        ? { quantity, unitPrice, monthly: monthlyAmount(quantity, unitPrice, frequency) }
        : null;
    // Signed: what the service was then; unsigned: what it is now.
    const beforeQuantity = signed ? r.before_quantity : r.current_quantity;
    const beforePrice = signed ? r.before_unit_price : r.current_unit_price;
    const before = r.kind === 'ADD' ? null : side(beforeQuantity, beforePrice);
    const after =
      r.kind === 'END'
        ? null
        : r.kind === 'ADD'
          ? side(r.quantity, r.unit_price)
          : side(r.quantity ?? beforeQuantity, r.unit_price ?? beforePrice);
    return {
      kind: kindOption(r.kind),
      service: r.service_id ? { value: r.service_id, label: r.service_label ?? '' } : null,
      serviceType:
        r.kind === 'ADD'
          ? r.service_type_id
            ? { value: r.service_type_id, label: r.type_name ?? '' }
            : null
          : r.current_type
            ? { value: 0, label: r.current_type }
            : null,
      description: r.kind === 'ADD' ? r.description : r.current_description,
      billingFrequency: frequencyOption(frequency),
      before,
      after,
      coveredHours: r.covered_hours,
    };
  });
  return { changes, changeRows };
}

/** One line per change, for field history and the activity. */
export function describeChanges(rows: ChangeRow[]): string | null {
  if (rows.length === 0) return null;
  return rows
    .map((r) => {
      const name = r.serviceType?.label ?? r.service?.label ?? 'service';
      if (r.kind.value === 'ADD')
        return `Add ${name} × ${formatQuantity(r.after?.quantity)} @ ${formatMoney(r.after?.unitPrice)}`;
      if (r.kind.value === 'END') return `End ${name}`;
      return `Change ${name}: ${formatQuantity(r.before?.quantity)} @ ${formatMoney(r.before?.unitPrice)} → ${formatQuantity(r.after?.quantity)} @ ${formatMoney(r.after?.unitPrice)}`;
    })
    .join('; ');
}

/** Replaces the amendment's changes with the form's (services must be of this agreement). */
export async function saveChanges(
  tx: pg.PoolClient,
  amendmentId: number,
  agreementId: number,
  changes: AmendmentChangeInput[],
): Promise<void> {
  const serviceIds = changes.flatMap((c) => (c.service ? [c.service] : []));
  if (serviceIds.length) {
    const { rows } = await tx.query<{ id: number }>(
      'SELECT id FROM agreement_services WHERE agreement_id = $1 AND id = ANY($2::int[])',
      [agreementId, serviceIds],
    );
    const known = new Set(rows.map((r) => r.id));
    const problems = changes.flatMap((c, i) =>
      c.service && !known.has(c.service)
        ? [changeMessage(i, 'This service is not one of this agreement.')]
        : [],
    );
    if (problems.length) throw badRequest({ changes: problems });
  }
  await tx.query('DELETE FROM amendment_changes WHERE amendment_id = $1', [amendmentId]);
  if (changes.length === 0) return;
  await tx.query(
    `INSERT INTO amendment_changes
       (amendment_id, position, kind, service_id, service_type_id, description, quantity, unit_price,
        billing_frequency, covered_hours)
     SELECT $1, c.position, c.kind, c.service_id, c.service_type_id, c.description, c.quantity::numeric,
            c.unit_price::numeric, c.billing_frequency, c.covered_hours::numeric
       FROM jsonb_to_recordset($2::jsonb) AS c(position int, kind text, service_id int, service_type_id int,
            description text, quantity text, unit_price text, billing_frequency text, covered_hours text)`,
    [
      amendmentId,
      JSON.stringify(
        changes.map((c, position) => ({
          position,
          kind: c.kind,
          service_id: c.service,
          service_type_id: c.serviceType,
          description: c.description,
          quantity: c.quantity,
          unit_price: c.unitPrice,
          billing_frequency: c.billingFrequency,
          covered_hours: c.coveredHours,
        })),
      ),
    ],
  );
}

type ServiceRow = {
  id: number;
  service_type_id: number;
  description: string | null;
  quantity: string;
  unit_price: string;
  billing_frequency: string;
  covered_hours: string | null;
  rounding_minimum: number | null;
  rounding_increment: number | null;
  starts_on_or_after: boolean;
  ended_before: boolean;
  end_date: string | null;
  start_date: string;
};

/** A service row written by a signing, with its creation in field history. */
async function insertService(
  tx: pg.PoolClient,
  values: Record<string, unknown>,
  actorId: number,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO agreement_services (agreement_id, service_type_id, description, quantity, unit_price,
        billing_frequency, start_date, end_date, covered_hours, replaces_id, created_by, updated_by,
        rounding_minimum, rounding_increment)
     VALUES ($1, $2, $3, $4, $5, $6, to_date($7, 'MM/DD/YYYY'), $8::date, $9, $10, $11, $11, $12, $13) RETURNING id`,
    [
      values.agreementId,
      values.serviceTypeId,
      values.description ?? null,
      values.quantity,
      values.unitPrice,
      values.billingFrequency,
      values.startDate,
      values.endDate ?? null,
      values.coveredHours ?? null,
      values.replacesId ?? null,
      actorId,
      values.roundingMinimum ?? null,
      values.roundingIncrement ?? null,
    ],
  );
  const id = rows[0]!.id;
  const after = (await loadRecord(tx, AGREEMENT_SERVICE, id))!;
  await recordHistory(tx, {
    entity: AGREEMENT_SERVICE.key,
    entityId: id,
    actorId,
    changes: historyChanges(AGREEMENT_SERVICE, null, after),
  });
  return id;
}

/** Updates one service (`set` over parameters $2…, the id is $1), stamped and versioned, with field history. */
async function updateService(
  tx: pg.PoolClient,
  serviceId: number,
  set: string,
  params: unknown[],
  actorId: number,
): Promise<void> {
  const before = (await loadRecord(tx, AGREEMENT_SERVICE, serviceId, true))!;
  await tx.query(
    `UPDATE agreement_services SET ${set}, version = version + 1, updated_at = now(),
            updated_by = $${params.length + 2} WHERE id = $1`,
    [serviceId, ...params, actorId],
  );
  const after = (await loadRecord(tx, AGREEMENT_SERVICE, serviceId))!;
  await recordHistory(tx, {
    entity: AGREEMENT_SERVICE.key,
    entityId: serviceId,
    actorId,
    changes: historyChanges(AGREEMENT_SERVICE, before, after),
  });
}

/** Ends a service the day before `effective` (ISO). */
const endService = (tx: pg.PoolClient, serviceId: number, effectiveIso: string, actorId: number) =>
  updateService(tx, serviceId, 'end_date = $2::date - 1', [effectiveIso], actorId);

/**
 * Applies a signed amendment's changes to the services: ADD starts a service on the effective date; CHANGE ends the
 * service the day before and continues it from the effective date with the new quantity or price (so "as of" any
 * earlier day still shows the old terms), or changes it in place when it starts that very day; END ends it the day
 * before. Every conflict with the current services is reported, numbered, and nothing is written.
 */
export async function applyChanges(
  tx: pg.PoolClient,
  amendment: { id: number; agreementId: number; effectiveDate: string },
  actorId: number,
): Promise<void> {
  const { rows: changes } = await tx.query<{
    id: number;
    kind: string;
    service_id: number | null;
    service_type_id: number | null;
    description: string | null;
    quantity: string | null;
    unit_price: string | null;
    billing_frequency: string | null;
    covered_hours: string | null;
  }>(
    `SELECT id, kind, service_id, service_type_id, description, quantity::text AS quantity,
            unit_price::text AS unit_price, billing_frequency, covered_hours::text AS covered_hours
       FROM amendment_changes WHERE amendment_id = $1 ORDER BY position`,
    [amendment.id],
  );
  const [mm, dd, yyyy] = amendment.effectiveDate.split('/');
  const effectiveIso = `${yyyy}-${mm}-${dd}`;
  const serviceIds = changes.flatMap((c) => (c.service_id ? [c.service_id] : []));
  const { rows: services } = await tx.query<ServiceRow>(
    `SELECT id, service_type_id, description, quantity::text AS quantity, unit_price::text AS unit_price,
            billing_frequency, covered_hours::text AS covered_hours, rounding_minimum, rounding_increment,
            start_date >= $2::date AS starts_on_or_after, end_date < $2::date AS ended_before,
            to_char(end_date, 'YYYY-MM-DD') AS end_date, to_char(start_date, 'MM/DD/YYYY') AS start_date
       FROM agreement_services WHERE id = ANY($1::int[]) AND agreement_id = $3 FOR UPDATE`,
    [serviceIds, effectiveIso, amendment.agreementId],
  );
  const byId = new Map(services.map((s) => [s.id, s]));
  const problems: string[] = [];
  const seen = new Map<number, number>();
  for (const [i, c] of changes.entries()) {
    if (c.kind === 'ADD') {
      const errors = await serviceProblems(
        tx,
        amendment.agreementId,
        {
          serviceType: c.service_type_id,
          startDate: amendment.effectiveDate,
          endDate: null,
          coveredHours: c.covered_hours,
        },
        true,
      );
      for (const list of Object.values(errors)) for (const m of list) problems.push(changeMessage(i, m));
      continue;
    }
    const service = c.service_id ? byId.get(c.service_id) : undefined;
    if (!service) {
      problems.push(changeMessage(i, 'The service no longer exists. Choose another.'));
      continue;
    }
    const earlier = seen.get(service.id);
    if (earlier !== undefined)
      problems.push(changeMessage(i, `This service is already changed by change ${earlier + 1}.`));
    seen.set(service.id, i);
    if (service.ended_before)
      problems.push(changeMessage(i, 'This service has already ended before the effective date.'));
    else if (c.kind === 'END' && service.starts_on_or_after)
      problems.push(
        changeMessage(
          i,
          'This service starts on or after the effective date: delete it instead of ending it.',
        ),
      );
    else if (
      c.kind === 'CHANGE' &&
      service.starts_on_or_after &&
      service.start_date !== amendment.effectiveDate
    )
      problems.push(changeMessage(i, 'This service starts after the effective date.'));
  }
  if (problems.length) throw badRequest({ changes: problems });

  for (const c of changes) {
    if (c.kind === 'ADD') {
      const id = await insertService(
        tx,
        {
          agreementId: amendment.agreementId,
          serviceTypeId: c.service_type_id,
          description: c.description,
          quantity: c.quantity,
          unitPrice: c.unit_price,
          billingFrequency: c.billing_frequency,
          startDate: amendment.effectiveDate,
          coveredHours: c.covered_hours,
        },
        actorId,
      );
      await tx.query('UPDATE amendment_changes SET service_id = $2 WHERE id = $1', [c.id, id]);
      continue;
    }
    const service = byId.get(c.service_id!)!;
    await tx.query(
      'UPDATE amendment_changes SET before_quantity = $2, before_unit_price = $3 WHERE id = $1',
      [c.id, service.quantity, service.unit_price],
    );
    if (c.kind === 'END') {
      await endService(tx, service.id, effectiveIso, actorId);
      continue;
    }
    const quantity = c.quantity ?? service.quantity;
    const unitPrice = c.unit_price ?? service.unit_price;
    if (service.starts_on_or_after) {
      // Starts on the effective date: the new terms are its terms from the start.
      await updateService(tx, service.id, 'quantity = $2, unit_price = $3', [quantity, unitPrice], actorId);
      await tx.query('UPDATE amendment_changes SET result_service_id = $2 WHERE id = $1', [c.id, service.id]);
      continue;
    }
    await endService(tx, service.id, effectiveIso, actorId);
    const id = await insertService(
      tx,
      {
        agreementId: amendment.agreementId,
        serviceTypeId: service.service_type_id,
        description: service.description,
        quantity,
        unitPrice,
        billingFrequency: service.billing_frequency,
        startDate: amendment.effectiveDate,
        endDate: service.end_date,
        coveredHours: service.covered_hours,
        // The continuation keeps the billable-time rounding of the service it continues.
        roundingMinimum: service.rounding_minimum,
        roundingIncrement: service.rounding_increment,
        replacesId: service.id,
      },
      actorId,
    );
    await tx.query('UPDATE amendment_changes SET result_service_id = $2 WHERE id = $1', [c.id, id]);
  }
}
