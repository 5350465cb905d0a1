// Keeps the slip screens in step with changes made elsewhere (SPEC §4 delete and move): route replacement and refresh.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { useCurrentRoute } from '../../shell/current-route';
import { SLIP_KEY, SUMMARY_KEY, TASK_SLIPS_KEY } from './slip-api';

const SLIP_PAGES = ['case_task_slip_basics', 'case_task_slip_basics_edit', 'case_task_slip_basics_copy'];

export function useSlipRouteSync() {
  const current = useCurrentRoute();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = current?.route.name ?? '';
  const params = current?.params ?? {};

  /** The refresh signal: the slip screens load again, except a slip that no longer exists. */
  const refresh = (deletedId?: number) => {
    const deleted = (key: readonly unknown[]) => deletedId !== undefined && key[1] === deletedId;
    if (deletedId !== undefined) void queryClient.cancelQueries({ queryKey: [SLIP_KEY, deletedId] });
    void queryClient.invalidateQueries({ queryKey: [TASK_SLIPS_KEY] });
    void queryClient.invalidateQueries({ queryKey: [SLIP_KEY], predicate: (q) => !deleted(q.queryKey) });
  };
  const onSlipPage = (slipId: number) => SLIP_PAGES.includes(name) && params.slipId === String(slipId);
  const onTaskSlipPages = (taskId: number) =>
    (name === 'case_task_slips' || SLIP_PAGES.includes(name)) && params.taskId === String(taskId);

  return {
    refresh,
    refreshSummary: () => queryClient.invalidateQueries({ queryKey: [SUMMARY_KEY] }),
    /** After a delete: on that slip or its task's slips, replace the route with the task's slips and refresh. */
    afterDelete(slip: { id: number; taskId: number; caseId: number }) {
      if (onSlipPage(slip.id) || onTaskSlipPages(slip.taskId)) {
        navigate(pathFor('case_task_slips', { caseId: slip.caseId, taskId: slip.taskId }), { replace: true });
      }
      // Not the deleted slip itself: its page can still be on screen while the route changes, and reloading it
      // there would answer 404 and send the user to the error page instead of the task's slips.
      refresh(slip.id);
    },
    /** After a move: on the moved slip's page go to the new task's slips; on the old task's slip pages refresh. */
    afterMove(slip: { slipId: number; taskId: number }, to: { caseId: number; taskId: number }) {
      if (onSlipPage(slip.slipId)) {
        navigate(pathFor('case_task_slips', { caseId: to.caseId, taskId: to.taskId }));
      }
      refresh();
    },
  };
}
