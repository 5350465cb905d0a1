// Outage types (admin): the pick list's shared cases (authorization, create/read/update/delete, messages, history
// under OutageType, the 409, list filters and paging), and the suggestions every signed-in user may call.
import { describe, expect, it } from 'vitest';
import { makeOutage, makeOutageType } from '../../../../test/support/factories.js';
import { pickListSuite } from '../../../../test/support/pick-list-suite.js';

const ctx = pickListSuite({
  base: '/api/admin/outage-type',
  history: 'outage-type',
  key: 'outageType',
  objectClass: 'OutageType',
  table: 'outage_types',
  make: makeOutageType,
  form: {
    version: 0,
    name: 'Internet Down',
    description: 'The line to the building is down.',
    active: true,
  },
  guarded: 'Guarded Type',
  create: {
    name: 'Internet Down',
    history: [
      ['Active', null, 'Yes'],
      ['Description', null, 'The line to the building is down.'],
      ['Name', null, 'Internet Down'],
    ],
  },
  unique: { taken: ['Power Outage'], other: 'Email Down', own: ['Phones Out', 'PHONES out'] },
  update: {
    from: 'Phones Down',
    to: 'Phone System Down',
    over: { description: null },
    changes: [
      ['Active', 'Yes', 'No'],
      ['Name', 'Phones Down', 'Phone System Down'],
    ],
  },
  inUse: {
    use: async ({ api }, id) => {
      await makeOutage(api.db.pool, { outageTypeId: id });
    },
    message: 'This outage type is used by outages and cannot be deleted. Mark it inactive instead.',
  },
  listTag: 'Kappa',
  suggest: '/api/suggest/outage-types',
});

describe('suggestions', () => {
  it('suggests every outage type (inactive too) to any signed-in user', async () => {
    const { api, staff } = ctx;
    await makeOutageType(api.db.pool, 'Zz Suggest Active');
    const gone = await makeOutageType(api.db.pool, 'Zz Suggest Gone');
    await api.db.pool.query('UPDATE outage_types SET active = false WHERE id = $1', [gone.id]);
    const res = (await staff.get('/api/suggest/outage-types/?q=zz%20suggest')).json();
    expect(res.map((o: { label: string }) => o.label)).toEqual(['Zz Suggest Active', 'Zz Suggest Gone']);
  });
});
