// /api/manage/agreement/{agreementId}/amendment: an agreement's amendments (list, basics, save, delete). A new one
// takes the next number of the sales settings; `?amendmentCopyId=` starts a draft carrying the source's type,
// description and changes; marking one Signed applies its changes to the services in the same transaction.
import type { FastifyInstance } from 'fastify';
import { companyToday } from '../../../shared/format/company-time.js';
import {
  AMENDMENT_LOCKED,
  AMENDMENT_STATUSES,
  type AmendmentChangeInput,
  type AmendmentRecord,
  amendmentForm,
  amendmentListQuery,
  BILLING_FREQUENCIES,
  CHANGE_KINDS,
  EFFECTIVE_OUTSIDE_AGREEMENT,
  NUMBER_USED,
  SIGN_NEEDS_CHANGES,
  SIGN_NEEDS_DOCUMENT,
} from '../../../shared/schemas/agreement.js';
import type { Option } from '../../../shared/schemas/common.js';
import { BLANK, codeOptions } from '../../../shared/schemas/fields.js';
import type { Database } from '../../db/client.js';
import { badRequest, registerUniqueViolation } from '../../platform/errors.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { loadRecord, param, type Queryable } from '../../platform/records.js';
import { loadStoredSettings, takeAmendmentNumber } from '../amendment-settings/index.js';
import { addActivity } from './activity.js';
import { serviceTypeOptions } from './agreement-service.routes.js';
import { AMENDMENT } from './amendment.record.js';
import {
  applyChanges,
  describeChanges,
  loadChanges,
  SERVICE_LABEL_SQL,
  saveChanges,
} from './amendment-changes.js';

registerUniqueViolation('amendments_number_key', 'number', NUMBER_USED);

const status = (record: AmendmentRecord | null) => record?.status.value ?? null;

async function formOptions(db: Queryable, agreementId: number): Promise<Record<string, Option[]>> {
  const [types, services, documents, serviceTypes] = await Promise.all([
    db.query<{ id: number; name: string }>(
      'SELECT id, name FROM amendment_types WHERE active ORDER BY name, id LIMIT 500',
    ),
    db.query<{ id: number; label: string }>(
      `SELECT s.id, ${SERVICE_LABEL_SQL} AS label
         FROM agreement_services s JOIN service_types st ON st.id = s.service_type_id
        WHERE s.agreement_id = $1 ORDER BY st.name, s.start_date, s.id LIMIT 500`,
      [agreementId],
    ),
    db.query<{ id: number; title: string }>(
      'SELECT id, title FROM agreement_documents WHERE agreement_id = $1 ORDER BY id DESC LIMIT 500',
      [agreementId],
    ),
    serviceTypeOptions(db),
  ]);
  return {
    amendmentType: types.rows.map((r) => ({ value: r.id, label: r.name })),
    status: codeOptions(AMENDMENT_STATUSES),
    kind: codeOptions(CHANGE_KINDS),
    service: services.rows.map((r) => ({ value: r.id, label: r.label })),
    serviceType: serviceTypes,
    billingFrequency: codeOptions(BILLING_FREQUENCIES),
    document: documents.rows.map((r) => ({ value: r.id, label: r.title })),
  };
}

/** The amendment with its changes (as proposed, or as applied once signed): what its GET answers. */
async function withChanges(db: Queryable, record: AmendmentRecord): Promise<AmendmentRecord> {
  const { changes, changeRows } = await loadChanges(db, record.id, status(record) === 'SIGNED');
  return { ...record, changes, changeRows };
}

export function amendmentRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/manage/agreement/:agreementId/amendment',
    key: 'amendment',
    def: AMENDMENT,
    parent: { param: 'agreementId', table: 'agreements', field: 'agreement' },
    form: amendmentForm,
    listQuery: amendmentListQuery,
    list: (query, filter) => {
      if (query.status !== 'all') filter.where.push(`t.status = ${param(filter, query.status)}`);
      // Newest effective date first unless asked otherwise.
      return { keys: [`t.effective_date - DATE '1970-01-01'`], dir: query.dir ?? 'desc' };
    },
    blank: async (query, db, scope) => {
      const { value: settings } = await loadStoredSettings(db);
      const base = {
        agreement: null,
        number: null,
        amendmentType: null as Option | null,
        effectiveDate: companyToday(timeZone).display,
        status: { value: 'DRAFT', label: 'Draft' },
        description: null as unknown,
        document: null,
        signedAt: null,
        signedBy: null,
        changes: [] as unknown[],
        changeRows: [] as unknown[],
      };
      if (settings.defaultAmendmentTypeId) {
        const { rows } = await db.query<{ id: number; name: string }>(
          'SELECT id, name FROM amendment_types WHERE id = $1 AND active',
          [settings.defaultAmendmentTypeId],
        );
        if (rows[0]) base.amendmentType = { value: rows[0].id, label: rows[0].name };
      }
      // Copy: a new draft carrying the source's type, description and changes (SPEC §2).
      const copyId = query.amendmentCopyId;
      if (copyId && /^\d{1,9}$/.test(copyId)) {
        const source = await loadRecord(db, AMENDMENT, Number(copyId));
        if (source && source.agreement.value === scope.parentId) {
          const { changes } = await loadChanges(db, source.id, false);
          return {
            ...base,
            amendmentType: source.amendmentType,
            description: source.description,
            // Services an earlier signing created are named again by the services they changed.
            changes,
            copiedFrom: { value: source.id, label: source.number },
          };
        }
      }
      return base;
    },
    formOptions: (db, scope) => formOptions(db, scope.parentId),
    detail: withChanges,
    hooks: (user, scope) => {
      let changesBefore: string | null = null;
      return {
        validate: async (tx, values, before) => {
          const errors: Record<string, string[]> = {};
          const from = status(before);
          if (from === 'SIGNED' || from === 'VOID') throw badRequest({}, [AMENDMENT_LOCKED]);
          if (before && !values.number) errors.number = [BLANK];
          const { rows } = await tx.query<{ inside: boolean }>(
            `SELECT to_date($2, 'MM/DD/YYYY') BETWEEN start_date AND coalesce(end_date, 'infinity'::date) AS inside
               FROM agreements WHERE id = $1`,
            [scope.parentId, values.effectiveDate],
          );
          if (!rows[0]?.inside) errors.effectiveDate = [EFFECTIVE_OUTSIDE_AGREEMENT];
          if (values.document) {
            const { rows: docs } = await tx.query(
              'SELECT 1 FROM agreement_documents WHERE id = $1 AND agreement_id = $2',
              [values.document, scope.parentId],
            );
            if (docs.length === 0) errors.document = ['Choose a document of this agreement.'];
          }
          if (values.status === 'SIGNED') {
            const { value: settings } = await loadStoredSettings(tx);
            if (settings.signingNeedsDocument && !values.document) errors.document = [SIGN_NEEDS_DOCUMENT];
            if ((values.changes as AmendmentChangeInput[]).length === 0)
              errors.changes = [SIGN_NEEDS_CHANGES];
          }
          if (Object.keys(errors).length) throw badRequest(errors);
          if (before) changesBefore = describeChanges((await loadChanges(tx, before.id, false)).changeRows);
        },
        fill: async (tx, values) => (values.number ? {} : { number: await takeAmendmentNumber(tx) }),
        after: async (tx, id, before, values) => {
          await saveChanges(tx, id, scope.parentId, values.changes as AmendmentChangeInput[]);
          const changesAfter = describeChanges((await loadChanges(tx, id, false)).changeRows);
          if (values.status === 'SIGNED') {
            await applyChanges(
              tx,
              { id, agreementId: scope.parentId, effectiveDate: String(values.effectiveDate) },
              user.id,
            );
            await tx.query('UPDATE amendments SET signed_at = now(), signed_by = $2 WHERE id = $1', [
              id,
              user.id,
            ]);
          }
          const old = before ? changesBefore : null;
          return old === changesAfter ? [] : [{ field: 'changes', oldValue: old, newValue: changesAfter }];
        },
        done: async (tx, after, before) => {
          const to = status(after);
          const name = `Amendment ${after.number}`;
          let text: string | null = null;
          if (!before)
            text = `${name} drafted (${after.amendmentType.label}), effective ${after.effectiveDate}`;
          else if (status(before) !== to)
            text =
              to === 'SIGNED'
                ? `${name} signed: its service changes apply from ${after.effectiveDate}`
                : `${name} marked ${after.status.label}`;
          if (text)
            await addActivity(tx, { agreementId: scope.parentId, kind: 'AMENDMENT', text, actorId: user.id });
          // Signed now (a save of a signed amendment is refused): the amendment as its GET answers, with its changes.
          if (to === 'SIGNED' && status(before) !== 'SIGNED')
            await app.webhooks.emit(tx, {
              type: 'amendment.signed',
              entity: `amendment:${after.id}`,
              data: () => withChanges(tx, after),
            });
        },
      };
    },
    deleted: async (tx, before, user) => {
      if (status(before) === 'SIGNED')
        throw badRequest({}, ['A signed amendment cannot be deleted. Its changes are part of the services.']);
      await addActivity(tx, {
        agreementId: before.agreement.value,
        kind: 'AMENDMENT',
        text: `Amendment ${before.number} deleted`,
        actorId: user.id,
      });
    },
  });
}
