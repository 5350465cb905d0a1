// Global search: result shape, every source found and routed (agreements also by their organization, ranked below
// it), typo tolerance, escaping, the bound, the session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeCase,
  makeEquipment,
  makeOpportunity,
  makeOrganization,
  makePerson,
  makeSlip,
  makeSoftware,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { trigrams } from './search.service.js';

type Result = { name: string; route: string; field_label: string; value: string; detail?: string };

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
let userId: number;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Sally', lastName: 'Searcher' });
  userId = u.id;
  user = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

async function search(term: string): Promise<Result[]> {
  const res = await user.get(`/api/suggest/global-search/?term=${encodeURIComponent(term)}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Result[];
}

describe('GET /api/suggest/global-search/', () => {
  it('finds an organization by name, short code and phone digits, with its screen and the match marked', async () => {
    const org = await makeOrganization(api.db.pool, {
      name: 'Quillfeather Dental Group',
      shortCode: 'QFDG7',
    });
    await api.db.pool.query(`UPDATE organizations SET phone = '(555) 271-9034' WHERE id = $1`, [org.id]);

    const byName = await search('quillfeather');
    expect(byName[0]).toEqual({
      name: 'Quillfeather Dental Group',
      route: `/manage/organization/${org.id}`,
      field_label: 'Name',
      value: '<mark>Quillfeather</mark> Dental Group',
    });
    expect((await search('qfdg7'))[0]).toMatchObject({
      field_label: 'Short Code',
      value: '<mark>QFDG7</mark>',
    });
    expect((await search('2719034'))[0]).toMatchObject({
      name: 'Quillfeather Dental Group',
      field_label: 'Phone',
      value: '(555) <mark>271-9034</mark>',
    });
  });

  it('tolerates a one-letter typo in an organization name', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Brambleworth Logistics' });
    for (const typo of ['Bramblewroth', 'Bramblewoth Logistics', 'Brembleworth']) {
      const hit = (await search(typo)).find((r) => r.route === `/manage/organization/${org.id}`);
      expect(hit, typo).toMatchObject({ name: 'Brambleworth Logistics', field_label: 'Name' });
      expect(hit!.value, typo).toContain('<mark>');
    }
  });

  it('tolerates typos in a long name, where the typo branches ask more similarity', async () => {
    const org = await makeOrganization(api.db.pool, {
      name: 'Brambleworth Veterinary Clinic - Bismarck 4411',
    });
    const near = await makeOrganization(api.db.pool, { name: 'Brambleworth Veterinary Clinic - Fargo 4412' });
    const routes = async (term: string) => (await search(term)).map((h) => h.route);
    // One typo: the record first; the same words in another city (0.67 similar) are not close enough any more.
    const one = await routes('Bramblewarth Veterinary Clinic - Bismarck');
    expect(one[0]).toBe(`/manage/organization/${org.id}`);
    expect(one).not.toContain(`/manage/organization/${near.id}`);
    // Two typos in a term this long still find it.
    expect(await routes('Bramblewarth Veterinery Clinic - Bismarck')).toContain(
      `/manage/organization/${org.id}`,
    );
  });

  it('counts trigrams the way pg_trgm does', async () => {
    for (const term of ['Cedar Ridge', 'AB-12 x', 'Müller & Söhne GmbH', 'aaa aaa', '#1 - 2']) {
      const { rows } = await api.db.pool.query<{ t: string[] }>('SELECT show_trgm($1) AS t', [term]);
      expect(trigrams(term).size, term).toBe(rows[0]!.t.length);
    }
  });

  it('finds people, devices, software, cases, tasks and slips and routes to their screens', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Zephyrine Holdings' });
    const person = await makePerson(api.db.pool, {
      organizationId: org.id,
      firstName: 'Marisol',
      lastName: 'Okonkwo',
      email: 'marisol.okonkwo@zephyrine.example',
    });
    await api.db.pool.query(`UPDATE people SET phone = '555-318-7702' WHERE id = $1`, [person.id]);
    const device = await makeEquipment(api.db.pool, {
      organizationId: org.id,
      name: 'ZEPH-WS017',
      serialNumber: 'XK4QTR8812',
    });
    await api.db.pool.query(`UPDATE equipment SET model = 'OptiPlex Velvetine 7090' WHERE id = $1`, [
      device.id,
    ]);
    const software = await makeSoftware(api.db.pool, { organizationId: org.id, name: 'Lumenquest Ledger' });
    const kase = await makeCase(api.db.pool, { organizationId: org.id, title: 'Replace Tarragon firewall' });
    const task = await makeTask(api.db.pool, { caseId: kase.id, title: 'Configure Wolfsbane VPN' });
    const slip = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId,
      comment: 'Rebooted the Kestrelmoor switch',
    });

    const expectHit = async (term: string, want: Partial<Result>) => {
      const results = await search(term);
      expect(
        results.find((r) => r.route === want.route && r.field_label === want.field_label),
        term,
      ).toEqual(expect.objectContaining(want));
    };
    await expectHit('Marisol Okonkwo', {
      name: 'Marisol Okonkwo',
      route: `/manage/person/${person.id}`,
      field_label: 'Name',
      value: '<mark>Marisol Okonkwo</mark>',
    });
    await expectHit('okonkwo@zephyrine', {
      route: `/manage/person/${person.id}`,
      field_label: 'Email',
      value: 'marisol.<mark>okonkwo@zephyrine</mark>.example',
    });
    await expectHit('3187702', { route: `/manage/person/${person.id}`, field_label: 'Phone' });
    await expectHit('XK4QTR', {
      name: 'ZEPH-WS017',
      route: `/manage/equipment/${device.id}`,
      field_label: 'Serial Number',
      value: '<mark>XK4QTR</mark>8812',
    });
    await expectHit('ZEPH-WS017', { route: `/manage/equipment/${device.id}`, field_label: 'Name' });
    await expectHit('Velvetine', { route: `/manage/equipment/${device.id}`, field_label: 'Model' });
    await expectHit('Lumenquest', {
      name: 'Lumenquest Ledger',
      route: `/manage/software/${software.id}`,
      field_label: 'Name',
    });
    await expectHit('Tarragon', {
      name: 'Replace Tarragon firewall',
      route: `/manage/case/${kase.id}`,
      field_label: 'Title',
    });
    await expectHit(`#${kase.id}`, {
      name: 'Replace Tarragon firewall',
      route: `/manage/case/${kase.id}`,
      field_label: 'Number',
      value: `<mark>${kase.id}</mark>`,
    });
    await expectHit('Wolfsbane', {
      name: 'Configure Wolfsbane VPN',
      route: `/manage/case/${kase.id}/task/${task.id}`,
      field_label: 'Title',
    });
    await expectHit('Kestrelmoor', {
      route: `/manage/case/${kase.id}/task/${task.id}/slip/${slip.id}`,
      field_label: 'Comment',
      value: 'Rebooted the <mark>Kestrelmoor</mark> switch',
    });
  });

  it('finds agreements by number, title and organization name, and routes to the agreement', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Wexcombe Orthodontics' });
    const agreement = await makeAgreement(api.db.pool, {
      organizationId: org.id,
      number: 'AQ-40417',
      title: 'Tamarisk Managed Services',
    });
    const route = `/manage/agreement/${agreement.id}`;
    const name = 'AQ-40417 Tamarisk Managed Services';
    const hit = async (term: string) => (await search(term)).find((r) => r.route === route);
    expect(await hit('aq-40417')).toEqual({
      name,
      route,
      field_label: 'Number',
      value: '<mark>AQ-40417</mark>',
    });
    expect(await hit('40417')).toMatchObject({ field_label: 'Number', value: 'AQ-<mark>40417</mark>' });
    expect(await hit('Tamarisk')).toEqual({
      name,
      route,
      field_label: 'Title',
      value: '<mark>Tamarisk</mark> Managed Services',
    });
    // A typo in the title is forgiven, like one in a name.
    expect(await hit('Tamarsik Managed')).toMatchObject({ field_label: 'Title' });
    // By its organization's name: below the organization itself, which the same words found first.
    const byOrg = await search('Wexcombe Orthodontics');
    expect(byOrg.map((r) => r.route)).toEqual([`/manage/organization/${org.id}`, route]);
    expect(byOrg[1]).toEqual({
      name,
      route,
      field_label: 'Organization',
      value: '<mark>Wexcombe Orthodontics</mark>',
    });
    // A record whose own field matches less well still ranks below the organization's exact name.
    const other = await makeAgreement(api.db.pool, { title: 'Wexcombe Orthodontics renewal' });
    const ranked = (await search('Wexcombe Orthodontics')).map((r) => r.route);
    expect(ranked[0]).toBe(`/manage/organization/${org.id}`);
    expect(ranked).toContain(`/manage/agreement/${other.id}`);
  });

  it('finds opportunities by number and title, showing their organization and stage, and routes to them', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Pellucid Veterinary' });
    const opp = await makeOpportunity(api.db.pool, {
      organizationId: org.id,
      number: 'OP-77031',
      title: 'Quorvane server replacement',
      stageId: 4,
      probability: 75,
    });
    const route = `/manage/opportunity/${opp.id}`;
    const hit = async (term: string) => (await search(term)).find((r) => r.route === route);
    // Before the settings are saved, the stage names are the defaults.
    expect(await hit('OP-77031')).toEqual({
      name: 'OP-77031 Quorvane server replacement',
      route,
      field_label: 'Number',
      value: '<mark>OP-77031</mark>',
      detail: 'Pellucid Veterinary · Negotiation',
    });
    expect(await hit('Quorvane')).toMatchObject({
      field_label: 'Title',
      value: '<mark>Quorvane</mark> server replacement',
      detail: 'Pellucid Veterinary · Negotiation',
    });
    expect(await hit('Quorvnae server')).toMatchObject({ field_label: 'Title' });
    // A renamed stage shows by its new name.
    const admin = await makeAdmin(api.db.pool);
    const asAdmin = await api.signIn(admin.email, TEST_PASSWORD);
    const settings = (await asAdmin.get('/api/admin/sales-settings-opportunity')).json().opportunitySettings;
    const saved = await asAdmin.post('/api/admin/sales-settings-opportunity', {
      ...settings,
      stages: settings.stages.map((st: { id: number; name: string }) =>
        st.id === 4 ? { ...st, name: 'Contract Review' } : st,
      ),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await hit('quorvane'))?.detail).toBe('Pellucid Veterinary · Contract Review');
  });

  it('finds proposals by number and title, showing their opportunity, and routes to the proposal', async () => {
    const opp = await makeOpportunity(api.db.pool, { number: 'OP-88102', title: 'Wireless refresh' });
    const { rows } = await api.db.pool.query<{ id: number }>(
      `INSERT INTO proposals (opportunity_id, number, title) VALUES ($1, 'PR-55017', 'Zantrelle access points')
       RETURNING id`,
      [opp.id],
    );
    const route = `/manage/opportunity/${opp.id}/proposals/${rows[0]!.id}`;
    const hit = async (term: string) => (await search(term)).find((r) => r.route === route);
    expect(await hit('pr-55017')).toEqual({
      name: 'PR-55017 Zantrelle access points',
      route,
      field_label: 'Number',
      value: '<mark>PR-55017</mark>',
      detail: 'Opportunity OP-88102 Wireless refresh',
    });
    expect(await hit('Zantrelle')).toMatchObject({
      field_label: 'Title',
      value: '<mark>Zantrelle</mark> access points',
    });
    // The opportunity's own number finds the opportunity, not its proposals.
    expect((await search('OP-88102')).map((r) => r.route)).toEqual([`/manage/opportunity/${opp.id}`]);
  });

  it('ranks an exact name first and shows each record once, under its best field', async () => {
    await makeOrganization(api.db.pool, { name: 'Harrowgate Partners West' });
    const exact = await makeOrganization(api.db.pool, { name: 'Harrowgate', shortCode: 'HARROWGATE' });
    const results = await search('harrowgate');
    expect(results[0]!.route).toBe(`/manage/organization/${exact.id}`);
    expect(results.filter((r) => r.route === `/manage/organization/${exact.id}`)).toHaveLength(1);
  });

  it('escapes markup stored in a value: only <mark> tags come back', async () => {
    await makeOrganization(api.db.pool, { name: '<img src=x onerror=alert(1)> Dental' });
    const results = await search('onerror');
    const hit = results.find((r) => r.field_label === 'Name' && r.value.includes('onerror'));
    expect(hit?.value).toBe('&lt;img src=x <mark>onerror</mark>=alert(1)&gt; Dental');
    expect(hit?.name).toBe('<img src=x onerror=alert(1)> Dental');
    // A term with markup in it is escaped too.
    const own = await search('<img src=x');
    const marked = own.find((r) => r.field_label === 'Name');
    expect(marked?.value).toBe('<mark>&lt;img src=x</mark> onerror=alert(1)&gt; Dental');
    for (const r of [...results, ...own]) expect(r.value.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('returns at most 25 results', async () => {
    for (let i = 0; i < 30; i++) await makeOrganization(api.db.pool, { name: `Plentiful Orchard ${i}` });
    const results = await search('plentiful orchard');
    expect(results).toHaveLength(25);
    expect(new Set(results.map((r) => r.route)).size).toBe(25);
  });

  it('answers [] for an empty term, a short term matches at the start, a long term is refused', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    const org = await makeOrganization(api.db.pool, { name: 'Yxolotl Farms' });
    expect((await search('Yx')).map((r) => r.route)).toContain(`/manage/organization/${org.id}`);
    // Characters special to LIKE are matched literally.
    expect(await search('%%%')).toEqual([]);
    const res = await user.get(`/api/suggest/global-search/?term=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
  });

  it('bounds the work of a crafted term: at most six words, no typo pass for runs of short words or prose', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Quillfeather Dental' });
    // 100 characters of one-letter words: answered, without the typo pass whose trigrams every row shares.
    const crafted = 'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(2).slice(0, 100);
    const res = await user.get(`/api/suggest/global-search/?term=${encodeURIComponent(crafted)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    // Words past the sixth are not searched: a longer term answers as its first six words do.
    await makeOrganization(api.db.pool, { name: 'Quillfeather Dental Care Of The North Shore' });
    const six = await search('Quillfeather Dental Care Of The North');
    expect(six).toHaveLength(1);
    expect(await search('Quillfeather Dental Care Of The North Coast Region')).toEqual(six);
    // Typos in a name are forgiven; in slip comments (prose) only what was typed is found.
    expect((await search('Quilfeather')).map((r) => r.route)).toContain(`/manage/organization/${org.id}`);
    const kase = await makeCase(api.db.pool, { organizationId: org.id });
    const task = await makeTask(api.db.pool, { caseId: kase.id });
    const slip = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId,
      comment: 'Replaced the xerographic cartridge',
    });
    const slipRoute = `/manage/case/${kase.id}/task/${task.id}/slip/${slip.id}`;
    expect((await search('xerographic')).map((r) => r.route)).toContain(slipRoute);
    expect((await search('xerograhpic')).map((r) => r.route)).not.toContain(slipRoute);
  });

  it('needs a session', async () => {
    const res = await api.anonymous.get('/api/suggest/global-search/?term=dental');
    expect(res.statusCode).toBe(401);
  });
});
