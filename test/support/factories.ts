// Test data factories: each creates what it needs, never relying on the demo data set.
import type pg from 'pg';
import { hashPassword } from '../../src/server/platform/passwords.js';
import type { Role } from '../../src/shared/schemas/user.js';

export const TEST_PASSWORD = 'correct horse battery staple';
let defaultHash: Promise<string> | null = null;
let counter = 0;

export type TestUser = {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  shortCode: string;
};

export async function makeUser(
  db: Pick<pg.Pool, 'query'>,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    shortCode: string;
    roles: Role[];
    active: boolean;
  }> = {},
): Promise<TestUser> {
  counter += 1;
  const n = `${process.pid % 1000}${counter}`;
  const password = overrides.password ?? TEST_PASSWORD;
  defaultHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = password === TEST_PASSWORD ? await defaultHash : await hashPassword(password);
  const user = {
    email: overrides.email ?? `user${n}@example.test`,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? `User${n}`,
    shortCode: overrides.shortCode ?? `TU${n}`,
  };
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      user.email,
      passwordHash,
      user.firstName,
      user.lastName,
      user.shortCode,
      overrides.roles ?? ['ROLE_USER'],
      overrides.active ?? true,
    ],
  );
  return { id: rows[0]!.id, password, ...user };
}

export const makeAdmin = (db: Pick<pg.Pool, 'query'>, overrides: Parameters<typeof makeUser>[1] = {}) =>
  makeUser(db, { roles: ['ROLE_USER', 'ROLE_ADMIN'], ...overrides });

type Db = Pick<pg.Pool, 'query'>;

/** An organization (a client unless told otherwise). */
export async function makeOrganization(
  db: Db,
  over: Partial<{
    name: string;
    shortCode: string | null;
    active: boolean;
    rmmPlan: string | null;
    salesStatus: string | null;
    vendorStatus: string | null;
  }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const name = over.name ?? `Organization ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO organizations (name, short_code, active, rmm_plan, sales_status, vendor_status)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      name,
      over.shortCode ?? null,
      over.active ?? true,
      over.rmmPlan ?? null,
      over.salesStatus === undefined ? 'CLIENT' : over.salesStatus,
      over.vendorStatus ?? null,
    ],
  );
  return { id: rows[0]!.id, name };
}

/** A person; creates an organization when none is given. */
export async function makePerson(
  db: Db,
  over: Partial<{
    organizationId: number;
    firstName: string;
    lastName: string;
    email: string;
    active: boolean;
  }> = {},
): Promise<{ id: number; organizationId: number; firstName: string; lastName: string }> {
  counter += 1;
  const organizationId = over.organizationId ?? (await makeOrganization(db)).id;
  const firstName = over.firstName ?? 'Casey';
  const lastName = over.lastName ?? `Contact${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO people (organization_id, first_name, last_name, email, active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [organizationId, firstName, lastName, over.email ?? null, over.active ?? true],
  );
  return { id: rows[0]!.id, organizationId, firstName, lastName };
}

/** A device category (unique name). */
export async function makeDeviceCategory(db: Db, name?: string): Promise<{ id: number; name: string }> {
  counter += 1;
  const n = name ?? `Category ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO device_categories (name) VALUES ($1) RETURNING id',
    [n],
  );
  return { id: rows[0]!.id, name: n };
}

/** A device; creates an organization when none is given (pass null for an unassigned one). */
export async function makeEquipment(
  db: Db,
  over: Partial<{
    organizationId: number | null;
    name: string;
    serialNumber: string;
    active: boolean;
    rmmId: string | null;
    categoryId: number | null;
  }> = {},
): Promise<{ id: number; name: string; organizationId: number | null }> {
  counter += 1;
  const organizationId =
    over.organizationId === undefined ? (await makeOrganization(db)).id : over.organizationId;
  const name = over.name ?? `DEVICE-${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO equipment (organization_id, name, serial_number, active, rmm_id, category_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      organizationId,
      name,
      over.serialNumber ?? `SN${counter}`,
      over.active ?? true,
      over.rmmId ?? null,
      over.categoryId ?? null,
    ],
  );
  return { id: rows[0]!.id, name, organizationId };
}

/** A software record; creates an organization when none is given. */
export async function makeSoftware(
  db: Db,
  over: Partial<{ organizationId: number; name: string }> = {},
): Promise<{ id: number; name: string; organizationId: number }> {
  counter += 1;
  const organizationId = over.organizationId ?? (await makeOrganization(db)).id;
  const name = over.name ?? `Software ${counter}`;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO software (organization_id, name) VALUES ($1, $2) RETURNING id',
    [organizationId, name],
  );
  return { id: rows[0]!.id, name, organizationId };
}

/** An outage type (unique name). */
export async function makeOutageType(db: Db, name?: string): Promise<{ id: number; name: string }> {
  counter += 1;
  const n = name ?? `Outage Type ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO outage_types (name) VALUES ($1) RETURNING id',
    [n],
  );
  return { id: rows[0]!.id, name: n };
}

/** An outage; creates an outage type when none is given (organization: none unless given). */
export async function makeOutage(
  db: Db,
  over: Partial<{
    outageTypeId: number;
    organizationId: number | null;
    title: string;
    startsAt: Date;
    endsAt: Date | null;
    status: 'OPEN' | 'MONITORING' | 'RESOLVED';
    assignedToId: number | null;
  }> = {},
): Promise<{ id: number; title: string; outageTypeId: number }> {
  counter += 1;
  const outageTypeId = over.outageTypeId ?? (await makeOutageType(db)).id;
  const title = over.title ?? `Outage ${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO outages (outage_type_id, organization_id, title, starts_at, ends_at, status, assigned_to_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      outageTypeId,
      over.organizationId ?? null,
      title,
      over.startsAt ?? new Date(),
      over.endsAt ?? null,
      over.status ?? 'OPEN',
      over.assignedToId ?? null,
    ],
  );
  return { id: rows[0]!.id, title, outageTypeId };
}

/** A device status (unique name), placed after the existing ones unless told. */
export async function makeDeviceStatus(
  db: Db,
  over: Partial<{ name: string; sortOrder: number; active: boolean }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const n = over.name ?? `Status ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO device_statuses (name, sort_order, active)
     VALUES ($1, COALESCE($2, (SELECT COALESCE(max(sort_order), 0) + 1 FROM device_statuses)), $3) RETURNING id`,
    [n, over.sortOrder ?? null, over.active ?? true],
  );
  return { id: rows[0]!.id, name: n };
}

/** A department (unique name). */
export async function makeDepartment(
  db: Db,
  over: Partial<{ name: string; active: boolean }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const n = over.name ?? `Department ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO departments (name, active) VALUES ($1, $2) RETURNING id',
    [n, over.active ?? true],
  );
  return { id: rows[0]!.id, name: n };
}

/** A bucket category (unique name). */
export async function makeBucketCategory(
  db: Db,
  over: Partial<{ name: string; sortOrder: number; active: boolean }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const n = over.name ?? `Bucket ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO bucket_categories (name, sort_order, active) VALUES ($1, $2, $3) RETURNING id',
    [n, over.sortOrder ?? 0, over.active ?? true],
  );
  return { id: rows[0]!.id, name: n };
}

/** A case; creates an organization when none is given. */
export async function makeCase(
  db: Db,
  over: Partial<{
    organizationId: number;
    title: string;
    status: 'OPEN' | 'CLOSED';
    departmentId: number | null;
    assignedToId: number | null;
  }> = {},
): Promise<{ id: number; title: string; organizationId: number }> {
  counter += 1;
  const organizationId = over.organizationId ?? (await makeOrganization(db)).id;
  const title = over.title ?? `Case ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO cases (organization_id, title, status, department_id, assigned_to_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [organizationId, title, over.status ?? 'OPEN', over.departmentId ?? null, over.assignedToId ?? null],
  );
  return { id: rows[0]!.id, title, organizationId };
}

/** A task; creates a case (and its organization) when none is given. */
export async function makeTask(
  db: Db,
  over: Partial<{
    caseId: number;
    title: string;
    status: 'OPEN' | 'CLOSED';
    isProject: boolean;
    departmentId: number | null;
    assignedToId: number | null;
  }> = {},
): Promise<{ id: number; title: string; caseId: number }> {
  counter += 1;
  const caseId = over.caseId ?? (await makeCase(db)).id;
  const title = over.title ?? `Task ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO tasks (case_id, title, status, is_project, department_id, assigned_to_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      caseId,
      title,
      over.status ?? 'OPEN',
      over.isProject ?? false,
      over.departmentId ?? null,
      over.assignedToId ?? null,
    ],
  );
  return { id: rows[0]!.id, title, caseId };
}

/** A time slip on a task, billed to a user; work date yyyy-MM-dd, times HH:MM (stop null while unfinished). */
export async function makeSlip(
  db: Db,
  over: {
    taskId: number;
    userId: number;
    workDate?: string;
    startTime?: string;
    stopTime?: string | null;
    where?: string | null;
    how?: string | null;
    rateMultiplier?: string;
    comment?: string | null;
  },
): Promise<{ id: number; taskId: number; userId: number }> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO slips (task_id, user_id, work_date, start_time, stop_time, where_code, how_code, rate_multiplier,
                        comment, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $2, $2) RETURNING id`,
    [
      over.taskId,
      over.userId,
      over.workDate ?? '2026-11-23',
      over.startTime ?? '09:00',
      over.stopTime === undefined ? '10:00' : over.stopTime,
      over.where ?? null,
      over.how ?? null,
      over.rateMultiplier ?? '1',
      over.comment ?? null,
    ],
  );
  return { id: rows[0]!.id, taskId: over.taskId, userId: over.userId };
}

/** A user's bucket time in a category on a day (yyyy-MM-dd). */
export async function makeBucket(
  db: Db,
  over: { categoryId: number; userId: number; workDate?: string; minutes?: number; comment?: string | null },
): Promise<{ id: number }> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO buckets (category_id, user_id, work_date, minutes, comment, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $2, $2) RETURNING id`,
    [over.categoryId, over.userId, over.workDate ?? '2026-11-23', over.minutes ?? 0, over.comment ?? null],
  );
  return { id: rows[0]!.id };
}

export async function makeServiceType(
  db: Db,
  over: Partial<{
    name: string;
    blockHours: boolean;
    active: boolean;
    billedPer: 'DEVICE' | 'USER' | null;
  }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const name = over.name ?? `Service Type ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO service_types (name, block_hours, active, billed_per) VALUES ($1, $2, $3, $4) RETURNING id',
    [name, over.blockHours ?? false, over.active ?? true, over.billedPer ?? null],
  );
  return { id: rows[0]!.id, name };
}

export async function makeAmendmentType(
  db: Db,
  over: Partial<{ name: string; active: boolean }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const name = over.name ?? `Amendment Type ${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO amendment_types (name, active) VALUES ($1, $2) RETURNING id',
    [name, over.active ?? true],
  );
  return { id: rows[0]!.id, name };
}

/** An open agreement (from 01/01/2025, no end) of a new organization unless one is given. */
export async function makeAgreement(
  db: Db,
  over: Partial<{
    organizationId: number;
    number: string;
    title: string;
    status: string;
    startDate: string;
    endDate: string | null;
    renewalDate: string | null;
  }> = {},
): Promise<{ id: number; number: string; organizationId: number }> {
  counter += 1;
  const organizationId = over.organizationId ?? (await makeOrganization(db)).id;
  const number = over.number ?? `AG-${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO agreements (organization_id, number, title, status, type, start_date, end_date, renewal_date)
     VALUES ($1, $2, $3, $4, 'MANAGED', $5, $6, $7) RETURNING id`,
    [
      organizationId,
      number,
      over.title ?? `Managed services ${counter}`,
      over.status ?? 'OPEN',
      over.startDate ?? '2025-01-01',
      over.endDate ?? null,
      over.renewalDate ?? null,
    ],
  );
  return { id: rows[0]!.id, number, organizationId };
}

/** A monthly service line of an agreement (dates as yyyy-mm-dd). */
export async function makeAgreementService(
  db: Db,
  over: { agreementId: number } & Partial<{
    serviceTypeId: number;
    quantity: string;
    unitPrice: string;
    billingFrequency: string;
    startDate: string;
    endDate: string | null;
    coveredHours: string | null;
  }>,
): Promise<{ id: number; serviceTypeId: number }> {
  const serviceTypeId = over.serviceTypeId ?? (await makeServiceType(db)).id;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO agreement_services
       (agreement_id, service_type_id, quantity, unit_price, billing_frequency, start_date, end_date, covered_hours)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      over.agreementId,
      serviceTypeId,
      over.quantity ?? '1.00',
      over.unitPrice ?? '100.00',
      over.billingFrequency ?? 'MONTHLY',
      over.startDate ?? '2025-01-01',
      over.endDate ?? null,
      over.coveredHours ?? null,
    ],
  );
  return { id: rows[0]!.id, serviceTypeId };
}

/** An open opportunity of an organization at the first default stage (Qualification, 10%). */
export async function makeOpportunity(
  db: Db,
  over: Partial<{
    organizationId: number;
    number: string;
    title: string;
    stageId: number;
    outcome: string;
    amount: string;
    probability: number;
    closeDate: string | null;
    ownerId: number | null;
  }> = {},
): Promise<{ id: number; number: string; organizationId: number }> {
  counter += 1;
  const organizationId = over.organizationId ?? (await makeOrganization(db)).id;
  const number = over.number ?? `OP-${process.pid % 1000}-${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO opportunities (organization_id, number, title, stage_id, outcome, amount, probability, close_date, owner_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      organizationId,
      number,
      over.title ?? `Server refresh ${counter}`,
      over.stageId ?? 1,
      over.outcome ?? 'OPEN',
      over.amount ?? '1000.00',
      over.probability ?? 10,
      over.closeDate ?? null,
      over.ownerId ?? null,
    ],
  );
  return { id: rows[0]!.id, number, organizationId };
}
