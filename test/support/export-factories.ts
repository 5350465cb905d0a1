// Data for the export round trips: one organization per awkward text, each with a person, a device, an agreement
// with a service, a staff member and a case of two tasks with finished time, every text field holding that text —
// line breaks, quotes, commas, formula signs, other scripts, a 300-character word — beside realistic long names,
// dates and amounts. Dates are relative to the company's today, so every report lists them.
import type pg from 'pg';
import { addDays, minusYears } from '../../src/server/modules/report/queries/rules.js';
import { displayOf } from '../../src/shared/format/date.js';
import {
  makeAgreement,
  makeAgreementService,
  makeCase,
  makeOrganization,
  makePerson,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
} from './factories.js';
import { makeDevice } from './report-factories.js';

type Db = Pick<pg.Pool, 'query'>;

/** Texts that break files: line breaks, quotes, the delimiter, formula signs, spaces at the ends, any script. */
export const HOSTILE_TEXTS = [
  'line1\nline2',
  'a\r\nb',
  '"quoted"',
  'a,b',
  '=1+1',
  '+cmd',
  '-2',
  '@x',
  ' padded ',
  'Zoë Łukasiewicz',
  '東京',
  'Ελληνικά',
  'Supercalifragilistic'.repeat(15),
] as const;

/** Realistic names as long as clients' and tasks' names get. */
export const LONG_NAMES = [
  'Northwestern Regional Orthopedic and Sports Medicine Associates of Łódź',
  'Saint Bartholomew’s Community Dental Clinic (Downtown)',
];

const ANTIVIRUS = ['PROTECTED', 'AT_RISK', 'DISABLED', 'NOT_INSTALLED'];
const BITLOCKER = ['ENCRYPTED', 'PARTIAL', 'SUSPENDED', 'NOT_ENCRYPTED', 'NOT_SUPPORTED'];
let made = 0;

export type ExportData = {
  organizations: number[];
  /** The query every report is exported and listed with: these organizations, the last 30 days. */
  query: Record<string, string>;
};

/** One organization per text of `texts` with everything a report lists, its text fields holding that text. */
export async function makeExportData(
  db: Db,
  today: string,
  texts: readonly string[] = [...HOSTILE_TEXTS, ...LONG_NAMES],
): Promise<ExportData> {
  made += 1;
  const serviceType = await makeServiceType(db, {
    name: `Managed Workstation ${process.pid % 1000}-${made}`,
  });
  const organizations: number[] = [];
  for (const [i, text] of texts.entries()) {
    const org = await makeOrganization(db, {
      name: text,
      rmmPlan: i % 2 ? 'RMM_BILL_BY_USER' : 'RMM_BILL_BY_DEVICE',
    });
    organizations.push(org.id);
    await db.query('UPDATE organizations SET address = $2 WHERE id = $1', [org.id, text]);
    const person = await makePerson(db, { organizationId: org.id, firstName: text, lastName: 'Łukasiewicz' });
    // A phone number starts with a formula sign.
    await db.query('UPDATE people SET title = $2, phone = $3 WHERE id = $1', [
      person.id,
      text,
      `+1 (555) 010-${String(1000 + i)}`,
    ]);
    await makeDevice(db, org.id, {
      name: text,
      manufacturer: text,
      model: text,
      serialNumber: `SN-${made}-${i}`,
      operatingSystem: text,
      location: text,
      personId: person.id,
      purchaseDate: addDays(today, -400 * i - 20),
      // Expired or ending within 90 days.
      warrantyEnd: addDays(today, 80 - 30 * i),
      // No check-in for more than 30 days.
      lastResponseAt: new Date(Date.parse(`${addDays(today, -31 - i)}T15:30:00Z`)),
      antivirusProduct: text,
      antivirusState: ANTIVIRUS[i % ANTIVIRUS.length]!,
      bitlockerState: BITLOCKER[i % BITLOCKER.length]!,
      missingPatches: i * 1250,
      lastPatchDate: addDays(today, -7 * i),
      firmwareVersion: text,
    });
    // Its yearly review within 90 days.
    const start = minusYears(addDays(today, 10 + i), 2);
    const agreement = await makeAgreement(db, {
      organizationId: org.id,
      number: `EXP-${process.pid % 1000}-${made}-${i}`,
      title: text,
      startDate: start,
    });
    const service = await makeAgreementService(db, {
      agreementId: agreement.id,
      serviceTypeId: serviceType.id,
      quantity: String(12 + i),
      unitPrice: '169.38',
      startDate: start,
    });
    await db.query('UPDATE agreement_services SET description = $2 WHERE id = $1', [service.id, text]);
    const staff = await makeUser(db, { firstName: text, lastName: 'Staff' });
    const kase = await makeCase(db, { organizationId: org.id, title: text });
    const first = await makeTask(db, { caseId: kase.id, title: text });
    const second = await makeTask(db, { caseId: kase.id, title: 'Rack the new server and move the backups' });
    // 13:33 at the default rate of $150.00 an hour is $2,032.50; the second task's time at 1.5x besides.
    await makeSlip(db, {
      taskId: first.id,
      userId: staff.id,
      workDate: addDays(today, -3),
      startTime: '08:00',
      stopTime: '17:00',
      comment: text,
    });
    await makeSlip(db, {
      taskId: first.id,
      userId: staff.id,
      workDate: addDays(today, -2),
      startTime: '09:00',
      stopTime: '13:33',
    });
    await makeSlip(db, {
      taskId: second.id,
      userId: staff.id,
      workDate: addDays(today, -2),
      startTime: '14:00',
      stopTime: `${15 + (i % 3)}:15`,
      rateMultiplier: '1.5',
      comment: text,
    });
  }
  return {
    organizations,
    query: {
      organization: organizations.join(','),
      from: displayOf(addDays(today, -30)),
      to: displayOf(today),
    },
  };
}
