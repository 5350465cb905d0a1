import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, type DialogSize, SidePanel } from './dialog';

function setPhone(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: phone && query.includes('max-width: 575.98px'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Dialog', () => {
  it('moves focus to Okay 300 ms after showing', () => {
    vi.useFakeTimers();
    render(
      <Dialog show title="Confirm" onHide={() => {}}>
        Body
      </Dialog>,
    );
    const okay = screen.getByRole('button', { name: 'Okay' });
    act(() => vi.advanceTimersByTime(299));
    expect(okay).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(okay).toHaveFocus();
  });

  it('focuses Cancel when there is no Okay; Cancel calls onHide', async () => {
    const onHide = vi.fn();
    render(
      <Dialog show title="Info" showOkay={false} onHide={onHide}>
        Body
      </Dialog>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('Okay calls onOkay, is labelled by its title, and a static backdrop ignores outside clicks', async () => {
    const onOkay = vi.fn();
    const onHide = vi.fn();
    render(
      <Dialog show title="Save changes?" onOkay={onOkay} onHide={onHide} staticBackdrop size="lg">
        Body
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Save changes?' });
    expect(dialog.querySelector('.modal-lg')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(onOkay).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog);
    expect(onHide).not.toHaveBeenCalled();
  });

  it('accepts only the sizes "", sm, md, lg, xl', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const size of ['', 'sm', 'md', 'lg', 'xl'] as DialogSize[]) {
      expect(() => render(<Dialog show={false} title="t" size={size} />)).not.toThrow();
    }
    expect(() => render(<Dialog show={false} title="t" size={'huge' as DialogSize} />)).toThrow(/size/);
  });

  it('on phones shows the side panel instead of the modal', () => {
    setPhone(true);
    render(
      <Dialog show title="Panel" placement="start" onHide={() => {}}>
        Body
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Panel' });
    expect(dialog).toHaveClass('offcanvas', 'offcanvas-start');
    expect(document.querySelector('.modal')).toBeNull();
  });

  it('on larger screens shows the modal; SidePanel is always a panel, full or narrow', () => {
    setPhone(false);
    const { unmount } = render(<Dialog show title="Modal" onHide={() => {}} />);
    expect(document.querySelector('.modal')).not.toBeNull();
    unmount();
    render(<SidePanel show title="Side" panelWidth="full" onHide={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Side' })).toHaveClass('offcanvas-end', 'w-100');
  });

  it('a toggler opens the dialog by itself', async () => {
    render(
      <Dialog title="Details" toggler="Show details">
        Hello
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByRole('dialog', { name: 'Details' })).toHaveTextContent('Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
