// The daily panel takes the focus when the user opens it, never when it opens by itself (beside the case list by
// preference, restored after a remount): that would take the focus from a field the user is typing in.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DailyProvider, useDaily } from './daily-state';

const wrapper = ({ children }: { children: ReactNode }) => <DailyProvider>{children}</DailyProvider>;

describe('focusOnOpen', () => {
  it.each([
    ['opened by the user', (d: ReturnType<typeof useDaily>) => d.open(), true],
    ['opened for a new slip', (d: ReturnType<typeof useDaily>) => d.open({ taskId: 4 }), true],
    ['the t shortcut', (d: ReturnType<typeof useDaily>) => d.fillQuick(''), true],
    ['opened by itself (quiet)', (d: ReturnType<typeof useDaily>) => d.open({ quiet: true }), false],
  ])('%s → %s', (_name, how, focus) => {
    const { result } = renderHook(() => useDaily(), { wrapper });
    expect(result.current.showing).toBe(false);
    act(() => how(result.current));
    expect(result.current.showing).toBe(true);
    expect(result.current.focusOnOpen).toBe(focus);
  });

  it('a quiet open after the user closed a panel they opened does not take the focus', () => {
    const { result } = renderHook(() => useDaily(), { wrapper });
    act(() => result.current.open());
    act(() => result.current.close());
    act(() => result.current.open({ quiet: true }));
    expect(result.current.focusOnOpen).toBe(false);
  });
});
