// Type-to-jump: typed letters gather in a buffer that empties 500 ms after the last one (SPEC §9).
import { useCallback, useEffect, useRef } from 'react';
import { JUMP_RESET_MS } from './typeahead-options';

/** Returns a function taking a typed character and giving the buffer so far. */
export function useTypeToJump(): (char: string) => string {
  const buffer = useRef('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback((char: string) => {
    window.clearTimeout(timer.current);
    buffer.current += char;
    timer.current = window.setTimeout(() => {
      buffer.current = '';
    }, JUMP_RESET_MS);
    return buffer.current;
  }, []);
}
