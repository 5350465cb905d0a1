// Antivirus and BitLocker: each device's state, and how many of the devices reporting one are protected/encrypted.

import { formatCount } from '../../../../shared/format/figures.js';
import type { ReportChart } from '../../../../shared/reports.js';
import { ANTIVIRUS_STATES, BITLOCKER_STATES } from '../../../../shared/schemas/equipment.js';
import { byName, COLUMNS, codeColumn, deviceSource, textColumn } from './equipment-columns.js';
import { col, num, type PlanBuilder, ROWS } from './plan.js';
import { complianceTone, percentOf, percentText, problemTone } from './rules.js';

export const antivirusPlan: PlanBuilder = ({ query }) => ({
  ...byName,
  columns: [
    COLUMNS.name,
    COLUMNS.organization,
    COLUMNS.person,
    COLUMNS.operatingSystem,
    textColumn('antivirusProduct', 'Antivirus', 'e.antivirus_product'),
    codeColumn('antivirusState', 'State', 'e.antivirus_state', ANTIVIRUS_STATES),
    COLUMNS.lastResponse,
  ],
  source: (f) => deviceSource(query, f),
  summary: () => ({
    sql: `SELECT count(*) AS devices,
                 ${ANTIVIRUS_STATES.map((s) => `count(*) FILTER (WHERE ${col('antivirusState')} = '${s.value}') AS "${s.value}"`).join(',\n')}
            FROM ${ROWS}`,
    present: ([r]) => {
      const [devices, protectedCount, atRisk, disabled, notInstalled] = [
        num(r?.devices),
        num(r?.PROTECTED),
        num(r?.AT_RISK),
        num(r?.DISABLED),
        num(r?.NOT_INSTALLED),
      ];
      const noData = devices - protectedCount - atRisk - disabled - notInstalled;
      const pct = percentOf(protectedCount, devices - noData);
      const chart: ReportChart = {
        title: 'Antivirus state',
        kind: 'donut',
        data: [
          { label: 'Protected', value: protectedCount, tone: 'good' },
          { label: 'At Risk', value: atRisk, tone: 'warning' },
          { label: 'Disabled', value: disabled, tone: 'bad' },
          { label: 'Not Installed', value: notInstalled, tone: 'bad' },
          { label: 'No antivirus data', value: noData, tone: 'neutral' },
        ],
      };
      return {
        total: devices,
        figures: [
          { label: 'Devices', value: formatCount(devices) },
          { label: 'Protected', value: percentText(pct), tone: complianceTone(pct) },
          { label: 'At Risk', value: formatCount(atRisk), tone: problemTone(atRisk, 'warning') },
          { label: 'Disabled', value: formatCount(disabled), tone: problemTone(disabled) },
          { label: 'Not Installed', value: formatCount(notInstalled), tone: problemTone(notInstalled) },
          { label: 'No antivirus data', value: formatCount(noData) },
        ],
        chart,
      };
    },
  }),
});

export const bitlockerPlan: PlanBuilder = ({ query }) => ({
  ...byName,
  columns: [
    COLUMNS.name,
    COLUMNS.organization,
    COLUMNS.person,
    COLUMNS.category,
    COLUMNS.operatingSystem,
    codeColumn('bitlockerState', 'BitLocker', 'e.bitlocker_state', BITLOCKER_STATES),
    COLUMNS.lastResponse,
  ],
  source: (f) => deviceSource(query, f),
  summary: () => ({
    sql: `SELECT count(*) AS devices,
                 ${BITLOCKER_STATES.map((s) => `count(*) FILTER (WHERE ${col('bitlockerState')} = '${s.value}') AS "${s.value}"`).join(',\n')}
            FROM ${ROWS}`,
    present: ([r]) => {
      const devices = num(r?.devices);
      const n = Object.fromEntries(BITLOCKER_STATES.map((s) => [s.value, num(r?.[s.value])])) as Record<
        (typeof BITLOCKER_STATES)[number]['value'],
        number
      >;
      const noData = devices - Object.values(n).reduce((a, b) => a + b, 0);
      // Compliance is of the devices that can be encrypted and said whether they are.
      const eligible = n.ENCRYPTED + n.PARTIAL + n.SUSPENDED + n.NOT_ENCRYPTED;
      const pct = percentOf(n.ENCRYPTED, eligible);
      const notEncrypted = eligible - n.ENCRYPTED;
      return {
        total: devices,
        figures: [
          { label: 'Devices', value: formatCount(devices) },
          { label: 'Encrypted', value: percentText(pct), tone: complianceTone(pct) },
          { label: 'Not fully encrypted', value: formatCount(notEncrypted), tone: problemTone(notEncrypted) },
          { label: 'Not supported', value: formatCount(n.NOT_SUPPORTED) },
          { label: 'No BitLocker data', value: formatCount(noData) },
        ],
        chart: {
          title: 'BitLocker state',
          kind: 'donut',
          data: [
            { label: 'Encrypted', value: n.ENCRYPTED, tone: 'good' },
            { label: 'Partially Encrypted', value: n.PARTIAL, tone: 'warning' },
            { label: 'Suspended', value: n.SUSPENDED, tone: 'warning' },
            { label: 'Not Encrypted', value: n.NOT_ENCRYPTED, tone: 'bad' },
            { label: 'Not Supported', value: n.NOT_SUPPORTED, tone: 'neutral' },
            { label: 'No BitLocker data', value: noData, tone: 'neutral' },
          ],
        },
      };
    },
  }),
});
