import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListTable } from './list-table';

// jsdom lays nothing out: give the wrapper and its table the widths a phone would.
function sizes(box: HTMLElement, table: HTMLElement, clientWidth: number, scrollWidth: number) {
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(table, 'scrollWidth', { configurable: true, value: scrollWidth });
}

function renderTable() {
  render(
    <ListTable data-testid="box">
      <table>
        <tbody>
          <tr>
            <td>Cell</td>
          </tr>
        </tbody>
      </table>
    </ListTable>,
  );
  const box = screen.getByTestId('box');
  return { box, table: box.querySelector('table') as HTMLElement };
}

describe('ListTable', () => {
  it('shows no hint while the table fits', () => {
    const { box } = renderTable();
    expect(box.className).not.toContain('sd-scroll-x');
    expect(screen.queryByText('Scroll for more →')).toBeNull();
  });

  it('scrolls sideways with a hint while columns are hidden to the right, and drops the hint at the end', () => {
    const { box, table } = renderTable();
    sizes(box, table, 390, 700);
    fireEvent.scroll(box);
    expect(box.className).toContain('sd-scroll-x');
    expect(box.className).toContain('sd-more-right');
    const hint = screen.getByText('Scroll for more →');
    // Above the table, where its header is.
    expect(hint.nextElementSibling).toBe(box);
    expect(hint.className).not.toContain('invisible');

    box.scrollLeft = 310;
    fireEvent.scroll(box);
    expect(box.className).toContain('sd-scroll-x');
    expect(box.className).not.toContain('sd-more-right');
    // Hidden at the end, its line kept so the rows do not move.
    expect(screen.getByText('Scroll for more →').className).toContain('invisible');
  });
});
