// Word lists of the demo opportunities: what an MSP sells (each theme with its proposal lines), what outages lead
// to, the notes staff leave, and the proposal terms.
import type { ServiceKey } from './sales-data.js';

/** One proposal line: a service type (by key) or free text, quantity, unit price in cents, one-time or monthly. */
export type LineSpec = {
  type: ServiceKey | null;
  description: string | null;
  quantity: number;
  cents: number;
  recurrence: 'ONE_TIME' | 'MONTHLY';
};

/** What sizes a quote: the organization's people, workstations and servers (at least one of each counted). */
export type Size = { people: number; workstations: number; servers: number };

export type Theme = {
  key: string;
  title: string;
  /** For organizations that are not clients yet (a new managed-services logo). */
  newLogo?: boolean;
  lines: (s: Size) => LineSpec[];
};

const one = (description: string, cents: number, quantity = 1, type: ServiceKey | null = null): LineSpec => ({
  type,
  description,
  quantity,
  cents,
  recurrence: 'ONE_TIME',
});
const monthly = (
  type: ServiceKey | null,
  quantity: number,
  cents: number,
  description: string | null = null,
) => ({
  type,
  description,
  quantity,
  cents,
  recurrence: 'MONTHLY' as const,
});
/** The one-time onboarding fee the agreements seed charges too: by the size of the estate. */
export const onboardingCents = (s: Size) =>
  Math.round((500 + 75 * (s.workstations + 4 * s.servers)) / 5) * 500;

export const THEMES: Theme[] = [
  {
    key: 'MANAGED',
    title: 'Managed IT Services',
    newLogo: true,
    lines: (s) => [
      one('Onboarding: documentation, agent rollout and cleanup', onboardingCents(s), 1, 'ONBOARD'),
      monthly('WS', s.workstations, 5500),
      ...(s.servers ? [monthly('SRV', s.servers, 19900), monthly('BACKUP', s.servers, 14900)] : []),
      monthly('M365', s.people, 2200, 'Business Premium'),
      monthly('FW', 1, 4900),
    ],
  },
  {
    key: 'COMANAGED',
    title: 'Co-Managed IT Support',
    newLogo: true,
    lines: (s) => [
      one('Onboarding and documentation review', onboardingCents(s), 1, 'ONBOARD'),
      monthly('WS', s.workstations, 3900, 'Monitoring and patching only'),
      monthly('BLOCK', 1, 135000, '10 hours each month'),
    ],
  },
  {
    key: 'LAPTOPS',
    title: 'Workstation Refresh',
    lines: (s) => {
      const n = Math.max(3, Math.ceil(s.workstations / 3));
      return [
        one('Dell Latitude 5450 laptop, 16 GB, 512 GB SSD', 124900, n, 'HARDWARE'),
        one('USB-C dock and 24" monitor', 38900, n, 'HARDWARE'),
        one('Imaging, data transfer and deployment, per device', 15000, n, 'LABOR'),
      ];
    },
  },
  {
    key: 'FIREWALL',
    title: 'Firewall Replacement',
    lines: () => [
      one('Fortinet FortiGate 60F firewall', 89500, 1, 'HARDWARE'),
      one('FortiGate 60F security bundle, 3 years', 115000, 1, 'HARDWARE'),
      one('Firewall configuration and after-hours cutover', 120000, 1, 'LABOR'),
      monthly('FW', 1, 4900),
    ],
  },
  {
    key: 'SERVER',
    title: 'Server Refresh',
    lines: (s) => [
      one('Dell PowerEdge T360 server, 64 GB, 4 x 2 TB SSD', 649500, 1, 'HARDWARE'),
      one('Windows Server 2025 Standard, 16 cores', 106900, 1, 'HARDWARE'),
      one('Migration labor, per hour', 16500, 16, 'LABOR'),
      monthly('SRV', 1, 19900),
      monthly('BACKUP', Math.max(1, s.servers), 14900),
    ],
  },
  {
    key: 'M365',
    title: 'Microsoft 365 Migration',
    lines: (s) => [
      one('Mailbox and file migration, per user', 4500, s.people, 'LABOR'),
      monthly('M365', s.people, 2200, 'Business Premium'),
    ],
  },
  {
    key: 'BACKUP',
    title: 'Backup Modernization',
    lines: (s) => [
      one('Datto SIRIS backup appliance, 4 TB', 240000, 1, 'HARDWARE'),
      one('Backup setup and first restore test', 60000, 1, 'LABOR'),
      monthly('BACKUP', Math.max(1, s.servers), 19900),
    ],
  },
  {
    key: 'WIFI',
    title: 'Wireless Upgrade',
    lines: (s) => [
      one('Ubiquiti U7 Pro access point', 18900, Math.max(2, Math.ceil(s.people / 8)), 'HARDWARE'),
      one('Wireless survey and installation', 140000, 1, 'LABOR'),
    ],
  },
  {
    key: 'SECURITY',
    title: 'Security Program',
    lines: (s) => [
      one('Security assessment and report', 250000, 1, 'LABOR'),
      monthly('MDR', s.workstations + s.servers, 1200, 'Managed detection and response, per device'),
      monthly('SAT', s.people, 350),
    ],
  },
];

/** What an outage of a type tends to sell (by a word of the type's name), and its lines. */
export const OUTAGE_THEMES: { match: RegExp; theme: Theme }[] = [
  {
    match: /internet/i,
    theme: {
      key: 'FAILOVER',
      title: 'Internet Failover',
      lines: () => [
        one('SD-WAN failover setup', 65000, 1, 'LABOR'),
        monthly('CIRCUIT', 1, 8900, 'Secondary 5G internet circuit'),
      ],
    },
  },
  {
    match: /power/i,
    theme: {
      key: 'UPS',
      title: 'UPS Replacement',
      lines: () => [
        one('APC Smart-UPS 1500VA with network card', 78900, 2, 'HARDWARE'),
        one('UPS installation and shutdown automation', 30000, 1, 'LABOR'),
        monthly('MONITOR', 2, 1500, 'UPS monitoring, per unit'),
      ],
    },
  },
  {
    match: /phone/i,
    theme: {
      key: 'VOICE',
      title: 'Hosted Phone System',
      lines: (s) => [
        one('Yealink T54W desk phone', 19900, s.people, 'HARDWARE'),
        monthly('VOICE', s.people, 2400, 'Hosted voice seat'),
      ],
    },
  },
  { match: /server/i, theme: THEMES.find((t) => t.key === 'SERVER')! },
  { match: /security/i, theme: THEMES.find((t) => t.key === 'SECURITY')! },
  { match: /backup/i, theme: THEMES.find((t) => t.key === 'BACKUP')! },
  {
    match: /email|cloud/i,
    theme: {
      key: 'CONTINUITY',
      title: 'Email Security and Continuity',
      lines: (s) => [
        one('Email security setup', 45000, 1, 'LABOR'),
        monthly('EMAIL', s.people, 400, 'Email filtering and continuity, per user'),
      ],
    },
  },
];

export const OPPORTUNITY_NOTES = [
  'Office manager wants pricing before the partners meet next month.',
  'Budget is set in January; they asked for a phased option.',
  'Decision maker is the owner; the office manager runs the project.',
  'They are comparing us with their current provider.',
  'Asked for references from two clients in the same industry.',
  'Wants the work done over a weekend to avoid downtime.',
];

/** Timeline notes, as staff type them after a call or a meeting. */
export const ACTIVITY_NOTES = [
  'Called the office manager: they reviewed the proposal and have questions about the monthly pricing.',
  'Site walk-through done; photos of the network closet are in the documents.',
  'Left a voicemail with the owner; will follow up Friday.',
  'Met with the partners; they liked the phased option.',
  'Sent the case study of a similar client by email.',
  'They asked to move the start date by a month.',
];

export const PROPOSAL_TERMS =
  '<p><strong>Payment.</strong> One-time items are invoiced on acceptance. Monthly services are billed monthly ' +
  'in advance from the go-live date.</p>' +
  '<p><strong>Term.</strong> Monthly services run for 12 months and renew yearly unless cancelled 60 days before ' +
  'the renewal date.</p>' +
  '<ol><li>Hardware prices are valid while the distributor holds them.</li>' +
  '<li>Work outside business hours is billed at 1.5x.</li></ol>' +
  '<p><em>Prices in USD, taxes not included.</em></p>';
