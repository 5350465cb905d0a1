// New Slip for one task: the daily panel with that task on medium and larger screens, the slip create route on
// phones (SPEC §4 "Slip states").
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { useMediaQuery } from '../../shell/use-media-query';
import { MEDIUM_UP_QUERY, useDaily } from './daily-state';

export function NewSlipButton({ caseId, taskId, size }: { caseId: number; taskId: number; size?: 'sm' }) {
  const daily = useDaily();
  const navigate = useNavigate();
  const mediumUp = useMediaQuery(MEDIUM_UP_QUERY);
  const newSlip = () => {
    if (mediumUp) daily.open({ taskId });
    else navigate(pathFor('case_task_slip_basics', { caseId, taskId, slipId: 'create' }));
  };
  return (
    <Button size={size} onClick={newSlip}>
      New Slip
    </Button>
  );
}
