// Demo work (SD6_DEMO, first start only): departments, bucket categories, cases and tasks of the client
// organizations, and two years of working days of the technicians: slips of support and project work with a
// lunch break and the odd gap, bucket time (administration, training, PTO days). Deterministic like the inventory.
import type pg from 'pg';
import { MONTH_NAMES, toIsoDate } from '../shared/format/date.js';
import { reserveIds } from './bulk.js';
import type { Random } from './random.js';

export const DEPARTMENTS = ['Help Desk', 'Field Services', 'Network Engineering', 'Projects', 'Security'];
export const BUCKET_CATEGORIES = [
  'Administration',
  'Internal Meeting',
  'Training',
  'Travel',
  'Sales Support',
  'PTO',
];
export const SUPPORT_TASKS = [
  'Password Reset',
  'Printer Not Printing',
  'New User Setup',
  'Email Delivery Issue',
  'VPN Connection Problem',
  'Slow Computer',
  'Shared Drive Permissions',
  'Phone System Issue',
  'Backup Failure Follow-Up',
  'Software Install',
  'Wi-Fi Dropouts',
  'Monthly Patch Review',
];
export const PROJECTS: [string, string[]][] = [
  ['Firewall Replacement', ['Design and Order', 'Configure Firewall', 'Cutover', 'Documentation']],
  ['Microsoft 365 Migration', ['Tenant Setup', 'Mailbox Migration', 'OneDrive Migration', 'User Training']],
  ['Server Refresh', ['Order Hardware', 'Build Host', 'Migrate Virtual Machines', 'Decommission Old Server']],
  ['Wireless Upgrade', ['Site Survey', 'Install Access Points', 'Configure Controller']],
  ['Workstation Rollout', ['Image Build', 'Deploy Workstations', 'Data Transfer', 'Collect Old Devices']],
  ['Backup Modernization', ['Assess Current Backups', 'Deploy Backup Appliance', 'Test Restores']],
  ['Security Assessment', ['Vulnerability Scan', 'Policy Review', 'Report and Recommendations']],
];
export const COMMENTS = [
  'Called user, walked through the steps; resolved.',
  'Remote session: cleared the print queue and reinstalled the driver.',
  'Reviewed logs and applied the fix; monitoring.',
  'Emailed the user with instructions and confirmed.',
  'On site: replaced the patch cable and tested.',
  'Worked with the vendor on the ticket; waiting on their answer.',
  'Updated documentation and closed out.',
  'Configured and tested with the user.',
];
const WHERE = ['REMOTE', 'REMOTE', 'REMOTE', 'IN_OFFICE', 'ON_SITE'];
const HOW = ['REMOTE_SESSION', 'REMOTE_SESSION', 'PHONE', 'EMAIL', 'IN_PERSON'];
export const DEMO_DAYS = 730;

type Row = Record<string, string | number | boolean | null>;
export type Work = {
  departments: Row[];
  bucket_categories: Row[];
  cases: Row[];
  tasks: Row[];
  slips: Row[];
  buckets: Row[];
};

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const dayOf = (today: Date, back: number) =>
  new Date(today.getFullYear(), today.getMonth(), today.getDate() - back);

type DemoMonth = {
  /** yyyy-MM */
  key: string;
  name: string;
  /** Days back from today of its first and last day within the demo window. */
  from: number;
  to: number;
  /** Months before this one (0: this month). */
  age: number;
  /** When it was billed: the 5th of the month after, mid-morning. */
  billedAt: string;
};

/** The calendar months the demo's `days` days back from `today` touch, oldest first. */
export function demoMonths(today: Date, days: number): DemoMonth[] {
  const out: DemoMonth[] = [];
  const dayMs = 86_400_000;
  const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  for (let age = 0; ; age++) {
    const first = new Date(today.getFullYear(), today.getMonth() - age, 1);
    const last = new Date(today.getFullYear(), today.getMonth() - age + 1, 0);
    const back = (d: Date) => Math.round((midnight.getTime() - d.getTime()) / dayMs);
    if (back(last) >= days) break;
    const billed = new Date(today.getFullYear(), today.getMonth() - age + 1, 5);
    out.unshift({
      key: toIsoDate(first).slice(0, 7),
      name: `${MONTH_NAMES[first.getMonth()]} ${first.getFullYear()}`,
      from: Math.min(back(first), days - 1),
      to: Math.max(back(last), 0),
      age,
      billedAt: `${toIsoDate(billed)}T15:00:00Z`,
    });
  }
  return out;
}

/**
 * The demo work. `clients` are organization ids, `techs` user ids. Ids in the rows are local (1-based positions
 * within their table) for cases/tasks/departments/categories; organization and user ids are real. `now` is the
 * minute of `today` it is (company time): today's slips stop there, the one under way has no stop yet.
 */
export function buildWork(r: Random, today: Date, clients: number[], techs: number[], now = 24 * 60): Work {
  const w: Work = {
    departments: DEPARTMENTS.map((name, i) => ({ id: i + 1, name })),
    bucket_categories: BUCKET_CATEGORIES.map((name, i) => ({ id: i + 1, name, sort_order: (i + 1) * 10 })),
    cases: [],
    tasks: [],
    slips: [],
    buckets: [],
  };
  // Each client: a support case per month (the month's invoice) with its support tasks; some clients a project.
  // Billing is done after each month: cases of months before last are billed, last month's are closed and wait on
  // the bill list, this month's are open. A project is billed a week after it ends, once a month has passed.
  type Open = { task: number; from: number; to: number; project: boolean };
  const support = new Map<string, Open[]>();
  const projects: Open[] = [];
  const firstDay = DEMO_DAYS;
  const biller = techs[0] ?? null;
  const months = demoMonths(today, firstDay);
  for (const org of clients) {
    const titles = new Set<string>();
    while (titles.size < 4) titles.add(r.pick(SUPPORT_TASKS));
    const assigned = r.pick(techs);
    for (const month of months) {
      const caseId = w.cases.length + 1;
      const closed = month.age > 0;
      w.cases.push({
        id: caseId,
        title: `Support: ${month.name}`,
        organization_id: org,
        status: closed ? 'CLOSED' : 'OPEN',
        department_id: 1,
        assigned_to_id: assigned,
        description: `Day-to-day support under the managed services agreement, ${month.name}.`,
        billed_at: month.age > 1 ? month.billedAt : null,
        billed_by: month.age > 1 ? biller : null,
      });
      const open: Open[] = support.get(month.key) ?? [];
      support.set(month.key, open);
      for (const title of titles) {
        const id = w.tasks.length + 1;
        w.tasks.push({
          id,
          case_id: caseId,
          title,
          department_id: r.pick([1, 1, 2, 3]),
          assigned_to_id: r.pick(techs),
          status: closed ? 'CLOSED' : 'OPEN',
          is_project: false,
        });
        open.push({ task: id, from: month.from, to: month.to, project: false });
      }
    }
    if (r.chance(0.5)) {
      const [name, steps] = r.pick(PROJECTS);
      const start = r.int(20, firstDay - 10);
      const length = r.int(20, 90);
      const end = Math.max(0, start - length);
      const closed = end > 14;
      const billed = end > 45;
      const pid = w.cases.length + 1;
      w.cases.push({
        id: pid,
        title: name,
        organization_id: org,
        status: closed ? 'CLOSED' : 'OPEN',
        department_id: 4,
        assigned_to_id: r.pick(techs),
        description: `${name} project.`,
        billed_at: billed ? `${toIsoDate(dayOf(today, end - 7))}T15:00:00Z` : null,
        billed_by: billed ? biller : null,
      });
      for (const step of steps) {
        const id = w.tasks.length + 1;
        w.tasks.push({
          id,
          case_id: pid,
          title: step,
          department_id: r.pick([3, 4, 4, 5]),
          assigned_to_id: r.pick(techs),
          status: closed ? 'CLOSED' : 'OPEN',
          is_project: true,
          points: r.int(1, 8),
        });
        projects.push({ task: id, from: start, to: end, project: true });
      }
    }
  }

  // Working days: Monday to Friday, start 7:30-9:00, lunch around noon, slips of 15 minutes to 2 hours.
  for (const user of techs) {
    for (let back = DEMO_DAYS - 1; back >= 0; back--) {
      const day = dayOf(today, back);
      const dow = day.getDay();
      if (dow === 0 || dow === 6) continue;
      const date = toIsoDate(day);
      if (r.chance(0.04)) {
        w.buckets.push({ category_id: 6, user_id: user, work_date: date, minutes: 480, comment: 'PTO' });
        continue;
      }
      const open = [
        ...(support.get(toIsoDate(day).slice(0, 7)) ?? []),
        ...projects.filter((x) => x.from >= back && x.to <= back),
      ];
      let t = r.pick([450, 465, 480, 495, 510, 540]);
      const end = t + r.int(450, 510);
      let lunch = false;
      while (t < end - 10) {
        if (!lunch && t >= 720) {
          t += r.pick([30, 30, 45, 60]);
          lunch = true;
          continue;
        }
        const length = Math.min(r.pick([15, 15, 30, 30, 45, 60, 60, 90, 120]), end - t);
        const pick = r.chance(0.3) ? open.filter((x) => x.project) : open;
        const task = r.pick(pick.length ? pick : open);
        if (!task) break;
        // Today nothing is logged ahead of the clock: the slip under way at this minute has no stop yet.
        if (back === 0 && t >= now) break;
        const running = back === 0 && t + length > now;
        w.slips.push({
          task_id: task.task,
          user_id: user,
          work_date: date,
          start_time: hhmm(t),
          stop_time: running ? null : hhmm(t + length),
          where_code: r.pick(WHERE),
          how_code: r.pick(HOW),
          rate_multiplier: r.chance(0.03) ? '1.5' : r.chance(0.02) ? '0' : '1',
          comment: r.pick(COMMENTS),
        });
        if (running) break;
        t += length + (r.chance(0.12) ? r.pick([10, 15, 20, 30]) : 0);
      }
      if (r.chance(0.5))
        w.buckets.push({
          category_id: 1,
          user_id: user,
          work_date: date,
          minutes: r.pick([15, 15, 30]),
          comment: 'Timesheets and email',
        });
      if (dow === 1)
        w.buckets.push({
          category_id: 2,
          user_id: user,
          work_date: date,
          minutes: 30,
          comment: 'Weekly team meeting',
        });
      if (r.chance(0.05))
        w.buckets.push({
          category_id: 3,
          user_id: user,
          work_date: date,
          minutes: r.pick([60, 90, 120]),
          comment: 'Vendor certification course',
        });
    }
  }
  return w;
}

const TYPES: Record<string, string> = {
  id: 'int',
  organization_id: 'int',
  department_id: 'int',
  assigned_to_id: 'int',
  case_id: 'int',
  task_id: 'int',
  user_id: 'int',
  category_id: 'int',
  sort_order: 'int',
  minutes: 'int',
  is_project: 'bool',
  points: 'numeric',
  work_date: 'date',
  start_time: 'time',
  stop_time: 'time',
  rate_multiplier: 'numeric',
  billed_at: 'timestamptz',
  billed_by: 'int',
};
const LOCAL: Record<string, keyof Work> = {
  department_id: 'departments',
  case_id: 'cases',
  task_id: 'tasks',
  category_id: 'bucket_categories',
};
const ORDER: (keyof Work)[] = ['departments', 'bucket_categories', 'cases', 'tasks', 'slips', 'buckets'];
const CHUNK = 20_000;

/** Inserts the demo work in the bootstrap transaction (after the inventory); returns the row counts. */
export async function seedWork(
  db: pg.PoolClient,
  random: Random,
  adminId: number,
  now: { day: Date; minutes: number } = { day: new Date(), minutes: 24 * 60 },
): Promise<Record<string, number>> {
  const clients = await db.query<{ id: number }>(
    `SELECT id FROM organizations WHERE sales_status = 'CLIENT' AND active ORDER BY id`,
  );
  const techs = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE active AND email LIKE 'tech%' ORDER BY id`,
  );
  const w = buildWork(
    random,
    now.day,
    clients.rows.map((c) => c.id),
    techs.rows.map((u) => u.id),
    now.minutes,
  );
  const ids = {} as Record<keyof Work, number[]>;
  const counts: Record<string, number> = {};
  for (const table of ORDER) {
    const rows = w[table];
    counts[table] = rows.length;
    if (rows.length === 0) continue;
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    if (columns.includes('id')) {
      // Real ids first, so references can be filled in before the insert.
      ids[table] = await reserveIds(db, table, rows.length);
    }
    for (let from = 0; from < rows.length; from += CHUNK) {
      const chunk = rows.slice(from, from + CHUNK);
      const values = columns.map((name) => {
        const local = name === 'id' ? table : LOCAL[name];
        return chunk.map((row) => {
          const v = row[name] ?? null;
          return local && typeof v === 'number' ? ids[local][v - 1]! : v;
        });
      });
      const select = columns.map((name, i) => `$${i + 1}::${TYPES[name] ?? 'text'}[]`);
      // Time is stamped by the person who logged it, when the work ended; the rest by the administrator.
      const actor = columns.includes('user_id') ? 'u.user_id' : `$${columns.length + 1}::int`;
      const when =
        table === 'slips'
          ? `, (u.work_date + coalesce(u.stop_time, u.start_time))::timestamptz`
          : table === 'buckets'
            ? `, (u.work_date + time '17:00')::timestamptz`
            : '';
      await db.query(
        `INSERT INTO ${table} (${columns.join(', ')}, created_by, updated_by${when ? ', created_at, updated_at' : ''})
         ${columns.includes('id') ? 'OVERRIDING SYSTEM VALUE' : ''}
         SELECT u.*, ${actor}, ${actor}${when}${when} FROM unnest(${select.join(', ')}) AS u(${columns.join(', ')})`,
        columns.includes('user_id') ? values : [...values, adminId],
      );
    }
  }
  return counts;
}
