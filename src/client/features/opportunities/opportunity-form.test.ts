// The opportunity form's rules: a picked stage brings its default probability unless another was typed, leaving a
// lost stage clears the lost reason, the weighted amount follows what is typed, and the close-date warning.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../shared/format';
import { CLOSE_DATE_PAST_WARNING } from '../../../shared/schemas/opportunity';
import { closeDateWarnings, deriveFromStage, weightedText } from './opportunity-form';

const options = {
  stage: [
    { value: 1, label: 'Qualification', probability: 10, outcome: 'OPEN' },
    { value: 3, label: 'Proposal', probability: 50, outcome: 'OPEN' },
    { value: 6, label: 'Lost', probability: 0, outcome: 'LOST' },
  ],
};
const pick = (value: number) => options.stage.find((s) => s.value === value);
const plain = (value: number) => {
  const s = pick(value)!;
  return { value: s.value, label: s.label };
};
const open = { value: 'OPEN', label: 'Open' };

describe('deriveFromStage', () => {
  it("sets the stage's default probability while the user has not typed another, and its outcome", () => {
    const before = { stage: plain(1), probability: 10 };
    expect(deriveFromStage({ name: 'stage', value: pick(3) }, before, options)).toEqual({
      stage: plain(3),
      outcome: open,
      probability: 50,
      lostReason: null,
    });
    expect(
      deriveFromStage({ name: 'stage', value: pick(3) }, { ...before, probability: null }, options),
    ).toMatchObject({ probability: 50 });
  });

  it('keeps a typed probability; other fields bring nothing', () => {
    const before = { stage: plain(1), probability: 35, lostReason: null };
    expect(deriveFromStage({ name: 'stage', value: pick(3) }, before, options)).toEqual({
      stage: plain(3),
      outcome: open,
      lostReason: null,
    });
    expect(deriveFromStage({ name: 'title', value: 'x' }, before, options)).toBeUndefined();
  });

  it('keeps the lost reason on a lost stage only', () => {
    const lost = { stage: plain(6), probability: 0, lostReason: 'Price' };
    expect(deriveFromStage({ name: 'stage', value: pick(6) }, lost, options)).toEqual({
      stage: plain(6),
      outcome: { value: 'LOST', label: 'Lost' },
      probability: 0,
    });
    expect(deriveFromStage({ name: 'stage', value: pick(1) }, lost, options)).toMatchObject({
      probability: 10,
      lostReason: null,
    });
  });
});

describe('weightedText', () => {
  it('rounds amount × probability to the cent, and is empty for entries that are not valid', () => {
    expect(weightedText({ amount: '$4,500', probability: 33 })).toBe('$1,485.00');
    expect(weightedText({ amount: '0.05', probability: 50 })).toBe('$0.03');
    expect(weightedText({ amount: '100.01', probability: 7 })).toBe('$7.00');
    expect(weightedText({ amount: 'lots', probability: 50 })).toBe('');
    expect(weightedText({ amount: '10', probability: 101 })).toBe('');
    expect(weightedText({ amount: '10', probability: null })).toBe('');
  });
});

describe('closeDateWarnings', () => {
  const daysAgo = (n: number) => formatDate(new Date(Date.now() - n * 86_400_000));
  it('warns an open opportunity more than 30 days past its close date', () => {
    const opened = { outcome: open };
    expect(closeDateWarnings({ ...opened, closeDate: daysAgo(45) })).toEqual({
      closeDate: [CLOSE_DATE_PAST_WARNING],
    });
    expect(closeDateWarnings({ ...opened, closeDate: daysAgo(5) })).toEqual({});
    expect(closeDateWarnings({ ...opened, closeDate: null })).toEqual({});
    expect(closeDateWarnings({ outcome: { value: 'LOST' }, closeDate: daysAgo(45) })).toEqual({});
  });
});
