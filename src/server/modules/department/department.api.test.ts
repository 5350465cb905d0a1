// Departments: the pick list's shared cases (administrators only, CRUD, unique names, history under Department, the
// 409, the in-use delete rule, list filters and paging), and the department picker every signed-in user may call.
import { describe, expect, it } from 'vitest';
import { makeCase, makeDepartment } from '../../../../test/support/factories.js';
import { pickListSuite } from '../../../../test/support/pick-list-suite.js';

const ctx = pickListSuite({
  base: '/api/admin/department',
  history: 'department',
  key: 'department',
  objectClass: 'Department',
  table: 'departments',
  make: (db, name) => makeDepartment(db, { name }),
  form: { version: 0, name: 'Help Desk', description: 'First line support', active: true },
  guarded: 'Guarded Dept',
  sneaky: 'Sneaky Dept',
  create: {
    name: 'Help Desk',
    history: [
      ['Active', null, 'Yes'],
      ['Description', null, 'First line support'],
      ['Name', null, 'Help Desk'],
    ],
  },
  unique: { taken: ['Projects', 'PROJECTS'], other: 'Operations', own: ['Sales Desk', 'sales desk'] },
  update: {
    from: 'Feild Services',
    to: 'Field Services',
    changes: [
      ['Active', 'Yes', 'No'],
      ['Description', null, 'First line support'],
      ['Name', 'Feild Services', 'Field Services'],
    ],
  },
  inUse: {
    use: async ({ api }, id) => {
      await makeCase(api.db.pool, { departmentId: id });
    },
    message: 'This department is used by cases or tasks and cannot be deleted. Mark it inactive instead.',
  },
  listTag: 'Dept',
  suggest: '/api/suggest/departments',
});

describe('picker', () => {
  it('offers active departments only, bounded, to any signed-in user', async () => {
    const tag = `Pick${Date.now() % 100000}`;
    for (let i = 0; i < 10; i++)
      await makeDepartment(ctx.api.db.pool, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        active: i % 9 !== 0,
      });
    const picked = (await ctx.staff.get(`/api/suggest/departments/?q=${tag}&limit=5`)).json();
    expect(picked).toHaveLength(5);
    expect(picked[0]).toEqual({ value: expect.any(Number), label: `${tag} 01` });
    const inactive = (await ctx.staff.get(`/api/suggest/departments/?q=${tag} 09`)).json();
    expect(inactive).toEqual([]);
  });
});
