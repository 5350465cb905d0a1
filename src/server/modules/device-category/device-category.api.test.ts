// Device categories: the pick list's shared cases (administrators only on every route, CRUD, unique names, history
// under EquipmentCategory, the 409, the in-use delete rule, list filters and paging).
import { makeDeviceCategory, makeEquipment } from '../../../../test/support/factories.js';
import { pickListSuite } from '../../../../test/support/pick-list-suite.js';

pickListSuite({
  base: '/api/admin/device-category',
  history: 'device-category',
  key: 'deviceCategory',
  objectClass: 'EquipmentCategory',
  table: 'device_categories',
  make: makeDeviceCategory,
  form: { version: 0, name: 'Laptop', description: 'Portable computers', active: true },
  guarded: 'Guarded',
  create: {
    name: 'Laptop',
    history: [
      ['Active', null, 'Yes'],
      ['Description', null, 'Portable computers'],
      ['Name', null, 'Laptop'],
    ],
  },
  unique: { taken: ['Printer', 'PRINTER'], other: 'Monitor', own: ['Scanner', 'scanner'] },
  update: {
    from: 'Firewal',
    to: 'Firewall',
    changes: [
      ['Active', 'Yes', 'No'],
      ['Description', null, 'Portable computers'],
      ['Name', 'Firewal', 'Firewall'],
    ],
  },
  inUse: {
    use: async ({ api }, id) => {
      await makeEquipment(api.db.pool, { categoryId: id });
    },
    message: 'This category is used by equipment and cannot be deleted. Mark it inactive instead.',
  },
  listTag: 'Kind',
});
