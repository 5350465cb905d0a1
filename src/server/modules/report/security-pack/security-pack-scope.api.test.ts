// Which organizations get a security pack when packs are made for every client a client filter code matches: only
// clients (sales status Client: no vendor, prospect, competitor or former client), as the code chooses them, and
// only those with active devices to report; the others are skipped and counted. One organization chosen by hand
// with nothing to report is refused with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeEquipment,
  makeOrganization,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import {
  NO_CLIENT_DEVICES_TO_REPORT,
  NO_DEVICES_TO_REPORT,
  type SecurityPackJob,
  type SecurityPackStarted,
} from '../../../../shared/reports.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
const org: Record<string, number> = {};

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn((await makeAdmin(db)).email, TEST_PASSWORD);
  const make = async (
    key: string,
    over: Parameters<typeof makeOrganization>[1],
    devices: { active: boolean }[],
  ) => {
    org[key] = (await makeOrganization(db, { name: `Pack ${key}`, ...over })).id;
    for (const d of devices) await makeEquipment(db, { organizationId: org[key], active: d.active });
  };
  const on = { active: true };
  const off = { active: false };
  await make('client', { rmmPlan: 'RMM_BILL_BY_USER' }, [on, off]);
  await make('client only inactive devices', {}, [off]);
  await make('client no devices', { rmmPlan: 'RMM_BILL_BY_USER' }, []);
  await make('inactive client', { active: false }, [on]);
  await make('inactive client no devices', { active: false }, []);
  await make('vendor', { salesStatus: null, vendorStatus: 'VENDOR', rmmPlan: 'RMM_BILL_BY_USER' }, [on]);
  await make('prospect', { salesStatus: 'PROSPECT' }, [on]);
  await make('competitor', { salesStatus: 'COMPETITOR' }, [on]);
  await make('former client', { salesStatus: 'FORMER_CLIENT', active: false }, [on]);
  await make('former client, active', { salesStatus: 'FORMER_CLIENT' }, [on]);
  await make('device-billed client, inactive devices', { rmmPlan: 'RMM_BILL_BY_DEVICE' }, [off]);
});
afterAll(() => api?.close());

async function finished(id: string): Promise<SecurityPackJob> {
  for (let i = 0; i < 300; i++) {
    const { job } = (await admin.get(`/api/report/security-pack/${id}`)).json() as { job: SecurityPackJob };
    if (job.state === 'DONE' || job.state === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the security-pack job did not finish');
}

/** The organizations a job made packs for, by the keys of `org`. */
async function packed(jobId: string): Promise<string[]> {
  const { rows } = await api.db.pool.query<{ organization_id: number }>(
    `SELECT x.organization_id FROM report_history h
       JOIN report_history_organizations x ON x.report_history_id = h.id
      WHERE h.report = 'security-pack' AND h.filters->>'pack' = $1`,
    [jobId],
  );
  const byId = new Map(Object.entries(org).map(([key, id]) => [id, key]));
  return rows.map((r) => byId.get(r.organization_id) ?? String(r.organization_id)).sort();
}

describe('security packs for every client a filter matches', () => {
  it.each([
    ['1', ['client'], 3],
    ['3', ['inactive client'], 1],
    ['all', ['client', 'inactive client'], 4],
    ['5', ['client'], 1],
  ])(
    'clients=%s: packs for %j; %i clients with nothing to report skipped',
    async (clients, expected, skipped) => {
      const res = await admin.post('/api/report/security-pack', { clients });
      expect(res.statusCode, res.body).toBe(200);
      const started = res.json() as SecurityPackStarted;
      expect(started.skipped).toBe(skipped);
      expect(started.job.total).toBe(expected.length);
      expect(await finished(started.job.id)).toMatchObject({ state: 'DONE', done: expected.length });
      expect(await packed(started.job.id)).toEqual([...expected].sort());
    },
  );

  it('refuses a filter whose clients all have nothing to report, saying so', async () => {
    const res = await admin.post('/api/report/security-pack', { clients: '4' });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({ clients: [NO_CLIENT_DEVICES_TO_REPORT] });
  });

  it('makes the pack of one organization chosen by hand, and refuses one with no active devices', async () => {
    const vendor = await admin.post('/api/report/security-pack', { organization: org.vendor });
    expect(vendor.statusCode).toBe(200);
    expect(vendor.json()).toMatchObject({ job: { total: 1 }, skipped: 0 });
    for (const key of ['client no devices', 'client only inactive devices']) {
      const none = await admin.post('/api/report/security-pack', { organization: org[key] });
      expect(none.statusCode).toBe(400);
      expect(none.json().form.fields).toEqual({ organization: [NO_DEVICES_TO_REPORT] });
    }
  });
});
