// The demo work builder: deterministic, about a working day of time per weekday, slips that never overlap and end
// after they start, project time only while the project ran, and closed cases whose tasks are closed too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../shared/format/date.js';
import { seededRandom } from './random.js';
import { buildWork, DEMO_DAYS, demoMonths } from './work.js';

const today = new Date(2026, 2, 16);
const clients = Array.from({ length: 40 }, (_, i) => 1001 + i);
const techs = Array.from({ length: 6 }, (_, i) => 101 + i);
const work = buildWork(seededRandom(20261122), today, clients, techs);
const minutes = (t: unknown) => Number(String(t).slice(0, 2)) * 60 + Number(String(t).slice(3, 5));

describe('demo work', () => {
  it('is the same for the same seed and day', () => {
    expect(buildWork(seededRandom(20261122), today, clients, techs)).toEqual(work);
  });

  it('gives every client a support case per month and some clients a project, some of them closed', () => {
    const months = demoMonths(today, DEMO_DAYS);
    expect(months[months.length - 1]).toMatchObject({ key: '2026-03', name: 'March 2026', age: 0, to: 0 });
    expect(months[0]!.from).toBe(DEMO_DAYS - 1);
    const support = work.cases.filter((c) => String(c.title).startsWith('Support: '));
    expect(support).toHaveLength(clients.length * months.length);
    const projects = work.cases.filter((c) => !String(c.title).startsWith('Support: '));
    expect(projects.length).toBeGreaterThan(5);
    expect(projects.some((c) => c.status === 'CLOSED')).toBe(true);
    const closed = new Set(work.cases.filter((c) => c.status === 'CLOSED').map((c) => c.id));
    for (const t of work.tasks) if (closed.has(t.case_id as number)) expect(t.status).toBe('CLOSED');
    expect(work.tasks.some((t) => t.is_project)).toBe(true);
  });

  it('bills the months before last, leaves last month closed for the bill list and this month open', () => {
    const support = work.cases.filter((c) => String(c.title).startsWith('Support: '));
    const state = (title: string) => support.filter((c) => c.title === title);
    for (const c of state('Support: March 2026'))
      expect(c).toMatchObject({ status: 'OPEN', billed_at: null });
    for (const c of state('Support: February 2026'))
      expect(c).toMatchObject({ status: 'CLOSED', billed_at: null, billed_by: null });
    for (const c of state('Support: January 2026'))
      expect(c).toMatchObject({ status: 'CLOSED', billed_at: '2026-02-05T15:00:00Z', billed_by: techs[0] });
    // Nothing is billed before its work ended, and no open case is billed.
    for (const c of work.cases) if (c.billed_at) expect(c.status).toBe('CLOSED');
  });

  it('logs support time only on the support case of the month worked', () => {
    const caseOf = new Map(work.tasks.map((t) => [t.id, t.case_id]));
    const titleOf = new Map(work.cases.map((c) => [c.id, String(c.title)]));
    for (const s of work.slips.slice(0, 5000)) {
      const title = titleOf.get(caseOf.get(s.task_id)!)!;
      if (!title.startsWith('Support: ')) continue;
      const [, month] = title.split(': ');
      const date = new Date(`${s.work_date}T12:00:00`);
      expect(month).toBe(`${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`);
    }
  });

  it('logs about seven to eight hours a weekday with a lunch break, no overlaps, stop after start', () => {
    const days = new Map<string, [number, number][]>();
    for (const s of work.slips) {
      const key = `${s.user_id} ${s.work_date}`;
      const start = minutes(s.start_time);
      const stop = s.stop_time === null ? null : minutes(s.stop_time);
      if (stop !== null) expect(stop).toBeGreaterThan(start);
      days.set(key, [...(days.get(key) ?? []), [start, stop ?? start]]);
    }
    const totals: number[] = [];
    for (const [key, slips] of days) {
      const day = new Date(`${key.split(' ')[1]}T12:00:00`).getDay();
      expect(day).not.toBe(0);
      expect(day).not.toBe(6);
      for (let i = 1; i < slips.length; i++) expect(slips[i]![0]).toBeGreaterThanOrEqual(slips[i - 1]![1]);
      totals.push(slips.reduce((sum, [a, b]) => sum + b - a, 0));
    }
    const average = totals.reduce((a, b) => a + b, 0) / totals.length / 60;
    expect(average).toBeGreaterThan(6.5);
    expect(average).toBeLessThan(8.5);
    // About two years of weekdays for each technician.
    expect(days.size).toBeGreaterThan(techs.length * DEMO_DAYS * (5 / 7) * 0.9);
  });

  it('logs project time only on project tasks of projects that were running', () => {
    const project = new Set(work.tasks.filter((t) => t.is_project).map((t) => t.id));
    const projectSlips = work.slips.filter((s) => project.has(s.task_id as number));
    expect(projectSlips.length).toBeGreaterThan(100);
  });

  it('books bucket time: PTO days, administration and weekly meetings, at most a day', () => {
    expect(work.buckets.some((b) => b.category_id === 6 && b.minutes === 480)).toBe(true);
    expect(work.buckets.some((b) => b.category_id === 2)).toBe(true);
    const keys = work.buckets.map((b) => `${b.user_id} ${b.work_date} ${b.category_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const b of work.buckets) expect(b.minutes).toBeLessThanOrEqual(1440);
  });

  it("never logs today's time past the current minute; only the slip under way has no stop", () => {
    const day = toIsoDate(today);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), (now) => {
        const w = buildWork(seededRandom(20261122), today, clients, techs, now);
        for (const user of techs) {
          const mine = w.slips.filter((s) => s.work_date === day && s.user_id === user);
          for (const s of mine) {
            expect(minutes(s.start_time)).toBeLessThanOrEqual(now);
            if (s.stop_time !== null) expect(minutes(s.stop_time)).toBeLessThanOrEqual(now);
          }
          const open = mine.filter((s) => s.stop_time === null);
          expect(open.length).toBeLessThanOrEqual(1);
          if (open[0]) expect(open[0]).toBe(mine[mine.length - 1]);
        }
        // Days before today are whole.
        expect(w.slips.filter((s) => s.work_date !== day && s.stop_time === null)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
