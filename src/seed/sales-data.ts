// Word lists of the demo agreements: service and amendment types, agreement titles and notes.

/**
 * Service types; `key` names the rule that sizes and prices a line of it (sales.ts); `billedPer`, what one unit
 * stands for at the annual update (a device or a user; none: not counted).
 */
export const SERVICE_TYPES = [
  {
    key: 'WS',
    name: 'Managed Workstation',
    description: 'Monitoring, patching, antivirus and help desk for one desktop or laptop',
    billedPer: 'DEVICE',
  },
  {
    key: 'SRV',
    name: 'Managed Server',
    description: 'Monitoring, patching and support of one server',
    billedPer: 'DEVICE',
  },
  {
    key: 'M365',
    name: 'Microsoft 365 Seat',
    description: 'A Microsoft 365 license with its administration',
    billedPer: 'USER',
  },
  {
    key: 'BACKUP',
    name: 'Backup & Recovery',
    description: 'Nightly image backups, offsite replication and quarterly restore tests',
  },
  {
    key: 'FW',
    name: 'Firewall Monitoring',
    description: 'Firewall monitoring, firmware updates and rule reviews',
  },
  { key: 'BLOCK', name: 'Block Hours', description: 'Prepaid support hours each month', blockHours: true },
  {
    key: 'SAT',
    name: 'Security Awareness Training',
    description: 'Phishing simulations and short training courses, per user',
    billedPer: 'USER',
  },
  {
    key: 'ONBOARD',
    name: 'Onboarding',
    description: 'One-time onboarding: documentation, agent rollout and cleanup',
  },
  // What proposals sell besides the agreements' own services: every proposal line has a type, so any accepted
  // proposal of the demo can be won into an agreement.
  {
    key: 'HARDWARE',
    name: 'Hardware & Licenses',
    description: 'Devices, appliances and software licenses sold',
  },
  {
    key: 'LABOR',
    name: 'Professional Services',
    description: 'Project work: installation, migration, configuration and assessments',
  },
  {
    key: 'MDR',
    name: 'Managed Detection & Response',
    description: 'Endpoint detection and response, watched around the clock, per device',
    billedPer: 'DEVICE',
  },
  { key: 'CIRCUIT', name: 'Internet Circuit', description: 'A resold internet or failover circuit' },
  {
    key: 'MONITOR',
    name: 'Device Monitoring',
    description: 'Monitoring of network and power devices, per unit',
  },
  {
    key: 'VOICE',
    name: 'Hosted Voice Seat',
    description: 'A hosted phone line with its handset support',
    billedPer: 'USER',
  },
  {
    key: 'EMAIL',
    name: 'Email Security & Continuity',
    description: 'Email filtering, archiving and continuity, per user',
    billedPer: 'USER',
  },
] as const;
export type ServiceKey = (typeof SERVICE_TYPES)[number]['key'];

export const AMENDMENT_TYPES = [
  { key: 'ADD', name: 'Add Services', description: 'New services added to the agreement' },
  { key: 'REMOVE', name: 'Remove Services', description: 'Services ended before the agreement ends' },
  { key: 'PRICE', name: 'Price Change', description: 'New unit prices for existing services' },
  { key: 'RENEWAL', name: 'Renewal', description: 'Renewal for another term, with its price adjustment' },
  { key: 'OTHER', name: 'Other', description: 'Quantity changes and anything else' },
] as const;
export type AmendmentKey = (typeof AMENDMENT_TYPES)[number]['key'];

export const TITLES = {
  MANAGED: [
    'Managed IT Services',
    'Managed Services Agreement',
    'Fully Managed IT',
    'Managed Workstations and Servers',
  ],
  SUPPORT: ['Support Plan', 'Help Desk Support Plan', 'Essential Support Plan'],
  BLOCK_HOURS: ['Block Hours Retainer', 'Prepaid Support Hours'],
  PROJECT: [
    'Firewall Replacement Project',
    'Microsoft 365 Migration Project',
    'Server Refresh Project',
    'Wireless Upgrade Project',
    'Workstation Rollout Project',
    'Backup Modernization Project',
  ],
} as const;

export const NOTES = [
  'Auto-renews unless cancelled 60 days before the renewal date.',
  'Invoices go to the billing contact by email; paid by ACH.',
  'After-hours emergency support billed at 1.5x.',
  'Includes one on-site visit a month.',
  'Client asked for a quarterly business review with the owner.',
];

/** Who signs the contracts in the demo documents. */
export const PROVIDER_NAME = 'SD6 Demo IT Services';
