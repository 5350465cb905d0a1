// The demo agreements builder: deterministic, numbered in order, nothing dated after yesterday; its PDF files are
// well-formed (every cross-reference points at its object) and typed as PDF from their bytes, as uploads are.
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from './demo-pdf.js';
import { seededRandom } from './random.js';
import { addMonths, buildSales, type SalesOrg } from './sales-build.js';

const today = '2026-03-16';
const orgs: SalesOrg[] = Array.from({ length: 120 }, (_, i) => ({
  id: 1001 + i,
  name: `Client ${i} (Dental) \\ Group`,
  client: i % 7 !== 0,
  accountManagerId: i % 5 === 0 ? null : 11 + (i % 4),
  billingContactId: i % 9 === 0 ? null : 5000 + i,
  people: 1 + (i % 17),
  workstations: i % 30,
  servers: i % 4,
  firewalls: 1,
  m365: i % 3 ? { premium: i % 2 === 0, seats: i % 6 ? 3 + (i % 20) : null } : null,
}));
const build = () => buildSales(seededRandom(20261123), today, orgs, [11, 12, 13, 14]);
// The builder's rows refer to each other; compare what would be written.
const summary = (s: ReturnType<typeof build>) => ({
  agreements: s.agreements.map((a) => [a.number, a.org.id, a.title, a.start, a.end, a.renewal, a.manager]),
  services: s.services.map((x) => [
    x.agreement.id,
    x.type,
    x.quantity,
    x.cents,
    x.start,
    x.end,
    x.replaces?.id,
  ]),
  amendments: s.amendments.map((m) => [
    m.number,
    m.agreement.id,
    m.type,
    m.effective,
    m.status,
    m.changes.length,
  ]),
  files: s.documents.map((d) => d.file.data.toString('latin1')),
});

describe('demo agreements builder', () => {
  const sales = build();

  it('is the same for the same seed and day', () => {
    expect(summary(build())).toEqual(summary(sales));
  });

  it('numbers agreements in the order they started and amendments in the order they were written', () => {
    expect(sales.agreements.map((a) => a.number)).toEqual(sales.agreements.map((_, i) => `AG-${1001 + i}`));
    const starts = sales.agreements.map((a) => a.start);
    expect(starts).toEqual([...starts].sort());
    const written = sales.amendments.map((m) => m.createdAt.getTime());
    expect(written).toEqual([...written].sort((a, b) => a - b));
    expect(sales.amendments[0]!.number).toBe('AM-1001');
  });

  it('dates nothing after yesterday, and renews running agreements on an anniversary within the year', () => {
    const end = Date.parse(`${today}T00:00:00Z`);
    for (const x of sales.activities) expect(x.at.getTime()).toBeLessThan(end);
    for (const a of sales.agreements) {
      expect(a.createdAt.getTime()).toBeLessThan(end);
      if (!a.renewal) continue;
      expect(a.renewal > today && a.renewal <= '2027-03-16').toBe(true);
      expect([1, 2, 3].map((k) => addMonths(a.start, k * a.term!))).toContain(a.renewal);
    }
    const renewals = sales.amendments.filter((m) => m.type === 'RENEWAL' && m.status === 'SIGNED');
    expect(renewals.length).toBeGreaterThan(5);
    for (const m of renewals)
      expect([1, 2, 3].map((k) => addMonths(m.agreement.start, k * m.agreement.term!))).toContain(
        m.effective,
      );
  });

  it('writes well-formed PDF files that read as PDF from their bytes', async () => {
    const pdf = minimalPdf(['Agreement AG-1001: (Managed) \\ IT', 'Client: Müller & Söhne']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const xref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const entries = text.slice(xref).split('\n').slice(3, 8);
    for (const [i, entry] of entries.entries()) {
      expect(`${entry}\n`).toHaveLength(20);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    }
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const stream = text.slice(text.indexOf('stream\n') + 7, text.indexOf('\nendstream'));
    expect(stream).toHaveLength(length);
    expect(stream).toContain('(Agreement AG-1001: \\(Managed\\) \\\\ IT) Tj');
    expect(stream).toContain('(Client: M?ller & S?hne) Tj');
    expect((await fileTypeFromBuffer(pdf))?.mime).toBe('application/pdf');
    for (const d of sales.documents) expect(d.file.data.length).toBeLessThan(2000);
  });
});
