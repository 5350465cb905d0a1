// The address a report-history row reruns its report at.
import { describe, expect, it } from 'vitest';
import { rerunPath } from './history.service.js';

describe('rerunPath', () => {
  it('opens the report with its saved filters', () => {
    expect(rerunPath('device-summary-by-address', { clients: 'all', equipment: '1' })).toBe(
      '/report/device-summary-by-address?clients=all&equipment=1',
    );
    expect(rerunPath('device-summary-by-age', { clients: '1' })).toBe(
      '/report/device-summary-by-age?clients=1',
    );
  });

  it('reruns an export of the by-age report grouped by site as the report by address', () => {
    expect(rerunPath('device-summary-by-age', { clients: 'all', by: 'site', sort: 'location' })).toBe(
      '/report/device-summary-by-address?clients=all&sort=location',
    );
    expect(rerunPath('device-summary-by-age', { clients: 'all', by: 'age' })).toBe(
      '/report/device-summary-by-age?clients=all',
    );
  });

  it('has no address for what is no report', () => {
    expect(rerunPath('upload', null)).toBeNull();
  });
});
