// Case & Task Grammar (language settings): everyone reads the words, administrators save them (409 when stale),
// field history, field messages, and task titles title-cased with the saved small words and brand spellings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeCase, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { DEFAULT_BRANDS, DEFAULT_SMALL_WORDS } from '../../../shared/format/title-case.js';

const API = '/api/settings/language';
let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;

const words = {
  caseSingular: 'Case',
  casePlural: 'Cases',
  taskSingular: 'Task',
  taskPlural: 'Tasks',
  slipSingular: 'Slip',
  slipPlural: 'Slips',
};

beforeAll(async () => {
  api = await setupApi();
  admin = await api.signIn(
    (await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' })).email,
    TEST_PASSWORD,
  );
  tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
});
afterAll(() => api?.close());

describe('reading', () => {
  it('gives every signed-in user the defaults before the first save; only administrators may save', async () => {
    const res = await tech.get(API);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      languageSettings: {
        ...words,
        smallWords: [...DEFAULT_SMALL_WORDS],
        brands: [...DEFAULT_BRANDS],
        version: 0,
        updated: null,
        updatedBy: null,
      },
      can: { save: false },
    });
    expect((await admin.get(API)).json().can).toEqual({ save: true });
    expect((await api.anonymous.get(API)).statusCode).toBe(401);
  });

  it('refuses a technician saving, before the body is read, a valid save too', async () => {
    for (const body of [{ nonsense: true }, { version: 0, ...words, smallWords: [], brands: [] }]) {
      const res = await tech.post(API, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    expect((await tech.get(API)).json().languageSettings.version).toBe(0);
  });

  it('lets a technician read the field history, as the settings (README: everyone reads them)', async () => {
    const res = await tech.get('/api/history/language-settings/1');
    expect(res.statusCode).toBe(200);
    expect(res.json().history).toMatchObject({
      objectClass: 'LanguageSettings',
      title: 'Case & Task Grammar',
    });
    expect((await api.anonymous.get('/api/history/language-settings/1')).statusCode).toBe(401);
  });
});

describe('saving', () => {
  it('saves the words and lists (tidied), writes history, refuses a stale version with the current settings', async () => {
    const res = await admin.post(API, {
      version: 0,
      ...words,
      caseSingular: '  Ticket ',
      casePlural: 'Service   Tickets',
      smallWords: ['a', 'AN', '', 'the', 'an', ' of '],
      brands: ['AcmeSoft', '', 'iPhone', 'acmesoft'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().languageSettings).toMatchObject({
      caseSingular: 'Ticket',
      casePlural: 'Service Tickets',
      smallWords: ['a', 'an', 'the', 'of'],
      brands: ['AcmeSoft', 'iPhone'],
      version: 1,
      updatedBy: { label: 'Ada Admin' },
    });
    expect((await tech.get(API)).json().languageSettings.casePlural).toBe('Service Tickets');
    const techHistory = (await tech.get('/api/history/language-settings/1')).json().history;
    expect(techHistory.items.map((i: { fieldLabel: string }) => i.fieldLabel)).toContain('Case (Singular)');

    const history = (await admin.get('/api/history/language-settings/1')).json().history;
    expect(history.objectClass).toBe('LanguageSettings');
    const items = history.items.map((i: { fieldLabel: string; oldValue: string; newValue: string }) => [
      i.fieldLabel,
      i.oldValue,
      i.newValue,
    ]);
    expect(items).toEqual(
      expect.arrayContaining([
        ['Case (Singular)', 'Case', 'Ticket'],
        ['Case (Plural)', 'Cases', 'Service Tickets'],
        ['Brand Spellings', DEFAULT_BRANDS.join('\n'), 'AcmeSoft\niPhone'],
      ]),
    );
    expect(items.map((i: string[]) => i[0])).not.toContain('Task (Singular)');

    const stale = await admin.post(API, { version: 0, ...words, smallWords: [], brands: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(stale.json().current).toMatchObject({ version: 1, caseSingular: 'Ticket' });
  });

  it.each([
    ['an empty word', { taskPlural: '  ' }, 'taskPlural', 'This value should not be blank.'],
    ['a missing word', { slipSingular: undefined }, 'slipSingular', 'This value should not be blank.'],
    ['a word with digits', { caseSingular: 'Case2' }, 'caseSingular', 'Use letters and spaces only.'],
    ['a word of 31 letters', { casePlural: 'x'.repeat(31) }, 'casePlural', 'Use at most 30 characters.'],
    [
      'a small word of two words',
      { smallWords: ['of', 'as well'] },
      'smallWords',
      'Line 2: A small word is one word of letters.',
    ],
    [
      'a brand with a bracket',
      { brands: ['Acme (tm)'] },
      'brands',
      'Line 1: Use letters, digits, spaces, hyphens, periods and + only.',
    ],
    ['a brand list that is not a list', { brands: 'AcmeSoft' }, 'brands', 'This value is not valid.'],
  ])('refuses %s with its message, saving nothing', async (_what, over, field, message) => {
    const before = (await admin.get(API)).json().languageSettings;
    const res = await admin.post(API, {
      version: before.version,
      ...words,
      smallWords: [],
      brands: [],
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields[field]).toEqual([message]);
    expect((await admin.get(API)).json().languageSettings.version).toBe(before.version);
  });

  it('accepts words of exactly 30 letters and spaces', async () => {
    const before = (await admin.get(API)).json().languageSettings;
    const long = `${'a'.repeat(14)} ${'b'.repeat(15)}`;
    const res = await admin.post(API, {
      version: before.version,
      ...words,
      slipPlural: long,
      smallWords: [],
      brands: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().languageSettings.slipPlural).toBe(long);
  });
});

describe('task titles', () => {
  it('title-cases with the saved small words and brand spellings', async () => {
    const before = (await admin.get(API)).json().languageSettings;
    await admin.post(API, {
      version: before.version,
      ...words,
      smallWords: ['on', 'the', 'via'],
      brands: ['AcmeSoft', 'VPN'],
    });
    const c = await makeCase(api.db.pool);
    const res = await tech.post('/api/manage/task/create', {
      version: 0,
      case: c.id,
      title: 'install acmesoft via the vpn for the office',
      department: '',
      assignedTo: '',
      status: 'OPEN',
      isProject: false,
      points: '',
      outage: '',
      description: '',
    });
    expect(res.statusCode).toBe(200);
    // "for" is no longer a small word; "via" and "the" are; AcmeSoft is a saved brand.
    expect(res.json().task.title).toBe('Install AcmeSoft via the VPN For the Office');
  });
});
