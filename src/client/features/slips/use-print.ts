// Print a task card (SPEC §4): one print at a time; the answer's message and preview link, or the error.
import { useState } from 'react';
import { isApiError } from '../../api/http';
import { type PrintResult, printTaskCard } from './slip-api';

// Blocked while any print is in progress, across cards.
let printInProgress = false;

export type PrintState = { busy: boolean; result: PrintResult | null; error: string | null };

export function usePrint() {
  const [state, setState] = useState<PrintState>({ busy: false, result: null, error: null });
  const print = async (taskId: number) => {
    if (printInProgress) return;
    printInProgress = true;
    setState({ busy: true, result: null, error: null });
    try {
      const result = await printTaskCard(taskId);
      setState({ busy: false, result, error: null });
    } catch (error) {
      setState({
        busy: false,
        result: null,
        error: isApiError(error) || error instanceof Error ? error.message : String(error),
      });
    } finally {
      printInProgress = false;
    }
  };
  const dismiss = () => setState({ busy: false, result: null, error: null });
  return { ...state, print, dismiss };
}
