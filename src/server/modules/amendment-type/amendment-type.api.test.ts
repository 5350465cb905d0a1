// Amendment types: the pick list's shared cases (administrators only on every route, before validation, CRUD,
// names unique without regard to case, history under AmendmentType, the 409, the in-use delete rule, list filters
// and paging).
import { makeAgreement, makeAmendmentType } from '../../../../test/support/factories.js';
import { pickListSuite } from '../../../../test/support/pick-list-suite.js';

pickListSuite({
  base: '/api/admin/amendment-type',
  history: 'amendmentType',
  key: 'amendmentType',
  objectClass: 'AmendmentType',
  table: 'amendment_types',
  make: (db, name) => makeAmendmentType(db, { name }),
  form: { version: 0, name: 'Add Services', description: 'Services added to the agreement', active: true },
  guarded: 'Guarded Amendment',
  create: {
    name: 'Add Services',
    history: [
      ['Active', null, 'Yes'],
      ['Description', null, 'Services added to the agreement'],
      ['Name', null, 'Add Services'],
    ],
  },
  unique: {
    taken: ['Price Change', 'price CHANGE', 'PRICE change'],
    other: 'Renewal',
    own: ['Extension', 'EXTENSION'],
  },
  update: {
    from: 'Cancelation',
    to: 'Cancellation',
    changes: [
      ['Active', 'Yes', 'No'],
      ['Description', null, 'Services added to the agreement'],
      ['Name', 'Cancelation', 'Cancellation'],
    ],
  },
  inUse: {
    use: async ({ api }, id) => {
      const agreement = await makeAgreement(api.db.pool);
      await api.db.pool.query(
        `INSERT INTO amendments (agreement_id, number, amendment_type_id, effective_date)
         VALUES ($1, $2, $3, '2025-06-01')`,
        [agreement.id, `AM-T${id}`, id],
      );
    },
    message: 'This amendment type is used by amendments and cannot be deleted. Mark it inactive instead.',
  },
  listTag: 'Amd',
});
