// Where each kind of line goes in the accounting system: time, charges and credits by their own mapping; every line
// drafted from a service (recurring, per device, per user, one-time, and a term adjustment) by its service type's;
// anything unmapped by the defaults, the item by the caller's fallback.
import { describe, expect, it } from 'vitest';
import type { StoredMapping } from '../../../../shared/schemas/accounting-mapping.js';
import type { LineKind } from '../../../../shared/schemas/billing-run.js';
import { targetOf } from './accounting-mapping.service.js';

const mapping: StoredMapping = {
  defaultAccount: '200',
  defaultTaxCode: 'Tax Exempt',
  receivableAccount: '610',
  time: { account: '210', item: 'Labor', taxCode: null },
  charge: { account: null, item: 'Misc', taxCode: null },
  credit: { account: '290', item: null, taxCode: 'GST' },
  serviceTypes: { '7': { account: '220', item: 'Audit', taxCode: 'Service Tax' } },
};

describe('targetOf', () => {
  it.each<[LineKind, number | null, { account: string; item: string; taxCode: string }]>([
    ['TIME', null, { account: '210', item: 'Labor', taxCode: 'Tax Exempt' }],
    ['CHARGE', null, { account: '200', item: 'Misc', taxCode: 'Tax Exempt' }],
    ['CREDIT', null, { account: '290', item: 'Fallback', taxCode: 'GST' }],
    ['RECURRING', 7, { account: '220', item: 'Audit', taxCode: 'Service Tax' }],
    ['DEVICES', 7, { account: '220', item: 'Audit', taxCode: 'Service Tax' }],
    ['ONE_TIME', 7, { account: '220', item: 'Audit', taxCode: 'Service Tax' }],
    ['ADJUSTMENT', 7, { account: '220', item: 'Audit', taxCode: 'Service Tax' }],
    ['ADJUSTMENT', 8, { account: '200', item: 'Fallback', taxCode: 'Tax Exempt' }],
    ['RECURRING', null, { account: '200', item: 'Fallback', taxCode: 'Tax Exempt' }],
  ])('%s of service type %s', (kind, serviceTypeId, expected) => {
    expect(targetOf(mapping, { kind, service_type_id: serviceTypeId }, 'Fallback')).toMatchObject(expected);
  });
});
