// The dashboard's arithmetic: quantiles from a cumulative histogram, and the last minute's traffic.
import { describe, expect, it } from 'vitest';
import { RecentTraffic } from '../../platform/metrics.js';
import { histogramQuantile } from './monitoring.service.js';

const INF = Number.POSITIVE_INFINITY;

describe('histogramQuantile', () => {
  it('interpolates inside the bucket holding the rank, as Prometheus does', () => {
    const buckets = [
      { le: 0.01, count: 50 },
      { le: 0.1, count: 90 },
      { le: 1, count: 100 },
      { le: INF, count: 100 },
    ];
    expect(histogramQuantile(0.5, buckets)).toBeCloseTo(0.01);
    expect(histogramQuantile(0.25, buckets)).toBeCloseTo(0.005);
    expect(histogramQuantile(0.95, buckets)).toBeCloseTo(0.1 + 0.9 * 0.5);
  });

  it('answers the last finite bound past it, and null with no observations', () => {
    expect(
      histogramQuantile(0.99, [
        { le: 1, count: 1 },
        { le: INF, count: 10 },
      ]),
    ).toBe(1);
    expect(
      histogramQuantile(0.5, [
        { le: 1, count: 0 },
        { le: INF, count: 0 },
      ]),
    ).toBeNull();
    expect(histogramQuantile(0.5, [])).toBeNull();
  });
});

describe('RecentTraffic', () => {
  it('counts requests and 5xx answers of the last 60 seconds only', () => {
    let now = 1_000_000_000;
    const traffic = new RecentTraffic(() => now);
    traffic.record(200);
    traffic.record(500);
    now += 30_000;
    traffic.record(404);
    traffic.record(503);
    expect(traffic.lastMinute()).toEqual({ requests: 4, errors: 2 });
    now += 31_000;
    expect(traffic.lastMinute()).toEqual({ requests: 2, errors: 1 });
    now += 60_000;
    traffic.record(200);
    expect(traffic.lastMinute()).toEqual({ requests: 1, errors: 0 });
  });
});
