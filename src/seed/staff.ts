// Demo staff: a primary developer and about twenty technicians, account managers and billing staff.
import type pg from 'pg';
import { DEMO_ADMIN_EMAIL, DEMO_TECH_EMAIL } from '../server/first-start.js';
import type { Random } from './random.js';

const FIRST = [
  'Alex',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Drew',
  'Maria',
  'Chen',
  'Priya',
  'Luis',
  'Fatima',
  'Noah',
  'Emma',
  'Liam',
  'Olivia',
  'Ethan',
  'Sofia',
  'Mason',
  'Aisha',
  'Kenji',
];
const LAST = [
  'Garcia',
  'Nguyen',
  'Patel',
  'Smith',
  'Johnson',
  'Kim',
  'Brown',
  'Lopez',
  'Miller',
  'Davis',
  'Wilson',
  'Moore',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
];

export const DEMO_DEVELOPER_EMAIL = 'dev@sd6.local';
// The first two demo technicians are administrators too; the third is a technician only (the start-up lines name
// tech01 and tech03).
export { DEMO_ADMIN_EMAIL, DEMO_TECH_EMAIL };

export async function seedStaff(db: pg.PoolClient, random: Random, passwordHash: string, adminId: number) {
  const people: { email: string; first: string; last: string; code: string; roles: string[] }[] = [
    {
      email: DEMO_DEVELOPER_EMAIL,
      first: 'Dana',
      last: 'Reyes',
      code: 'DREYES',
      roles: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_PRIMARY_DEVELOPER'],
    },
  ];
  const used = new Set(['DREYES']);
  for (let i = 1; i <= 20; i++) {
    let first: string;
    let last: string;
    let code: string;
    do {
      first = random.pick(FIRST);
      last = random.pick(LAST);
      code = `${first[0]}${last}`.toUpperCase().slice(0, 10);
    } while (used.has(code));
    used.add(code);
    people.push({
      email: `tech${String(i).padStart(2, '0')}@sd6.local`,
      first,
      last,
      code,
      roles: i <= 2 ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'],
    });
  }
  for (const p of people) {
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles, active,
                          case_list_daily_slips_mode, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [
        p.email,
        passwordHash,
        p.first,
        p.last,
        p.code,
        p.roles,
        p.email !== 'tech20@sd6.local',
        random.chance(0.5) ? 'OPEN' : 'CLOSED',
        adminId,
      ],
    );
  }
  return people.length;
}
