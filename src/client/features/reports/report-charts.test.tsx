// The summary charts say their numbers as text too: a title, each label with its value (and share in a donut).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, chartColor, DonutChart } from './report-charts';

describe('donut chart', () => {
  it('is an image named by its title and its numbers, with the numbers and shares listed', () => {
    render(
      <DonutChart
        title="BitLocker"
        data={[
          { label: 'Encrypted', value: 30, tone: 'good' },
          { label: 'Not encrypted', value: 10, tone: 'bad' },
        ]}
      />,
    );
    const image = screen.getByRole('img', { name: /BitLocker/ });
    expect(image).toHaveAccessibleName('BitLocker Encrypted: 30, Not encrypted: 10');
    const figure = screen.getByRole('figure', { name: 'BitLocker' });
    const items = within(figure)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Encrypted30(75.0%)', 'Not encrypted10(25.0%)']);
    // The total in the middle; two arcs whose lengths keep the 3:1 ratio.
    expect(image).toHaveTextContent('40');
    const arcs = [...image.querySelectorAll('circle[stroke-dasharray]')].map((c) =>
      Number(c.getAttribute('stroke-dasharray')!.split(' ')[0]),
    );
    expect(arcs).toHaveLength(2);
    expect(arcs[0]! / arcs[1]!).toBeCloseTo(3);
  });

  it('with nothing counted draws no arcs and shows no shares', () => {
    render(<DonutChart title="Patch" data={[{ label: 'Current', value: 0 }]} />);
    expect(
      screen.getByRole('img', { name: /Patch/ }).querySelectorAll('circle[stroke-dasharray]'),
    ).toHaveLength(0);
    expect(screen.getByRole('listitem')).toHaveTextContent(/^Current0$/);
  });
});

describe('bar chart', () => {
  it('lists each label with its value, bars in proportion to the largest', () => {
    render(
      <BarChart
        title="Devices by age"
        data={[
          { label: 'Under 1 year', value: 1200 },
          { label: '1–3 years', value: 600 },
          { label: 'Over 5 years', value: 0, tone: 'bad' },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Devices by age' });
    const items = within(figure).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Under 1 year1,200', '1–3 years600', 'Over 5 years0']);
    const widths = items.map((li) => li.querySelectorAll('rect')[1]?.getAttribute('width') ?? null);
    expect(widths).toEqual(['100%', '50%', null]);
  });

  it('writes hours as h:mm, grouped, when its values are minutes (the WIP age panel)', () => {
    render(
      <BarChart
        title="Hours not billed by age"
        unit="minutes"
        data={[
          { label: '0–30 days', value: 333_384 },
          { label: 'Over 90 days', value: 90, tone: 'bad' },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Hours not billed by age' });
    expect(
      within(figure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['0–30 days5,556:24', 'Over 90 days1:30']);
  });
});

describe('colors', () => {
  it.each([
    ['good', 'var(--bs-success)'],
    ['warning', 'var(--bs-warning)'],
    ['bad', 'var(--bs-danger)'],
    ['neutral', 'var(--bs-secondary)'],
  ] as const)('a %s value is drawn in %s', (tone, color) => {
    expect(chartColor({ label: 'x', value: 1, tone }, 3)).toBe(color);
  });
  it('values without a tone take the palette in turn', () => {
    expect(chartColor({ label: 'a', value: 1 }, 0)).not.toBe(chartColor({ label: 'b', value: 1 }, 1));
  });
});
