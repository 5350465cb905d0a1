// "Mark Won": an opportunity with an accepted proposal becomes an agreement in one step (its monthly lines as
// services, the proposal's PDF as a document, linked both ways); the user lands on the new agreement's services.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { pathFor } from '../../../shared/routes';
import type { ListPage } from '../../../shared/schemas/common';
import { WIN_NEEDS_ACCEPTED, type WinResult, winForm } from '../../../shared/schemas/opportunity';
import { apiGet, apiPost, isApiError } from '../../api/http';
import { DateInput, Dialog, Select, TextInput } from '../../ui';
import type { OpportunitySummary } from './opportunity-header';
import { type OpportunityPlace, opportunityPath } from './opportunity-paths';

type ProposalRow = { id: number; number: string; title: string };

export function WinButton({
  place,
  opportunity,
  onWon,
}: {
  place: OpportunityPlace;
  opportunity: Pick<OpportunitySummary, 'id' | 'version' | 'outcome' | 'agreement'>;
  onWon: () => void;
}) {
  const [show, setShow] = useState(false);
  if (opportunity.agreement || opportunity.outcome.value === 'WON') return null;
  return (
    <>
      <Button size="sm" variant="outline-success" onClick={() => setShow(true)}>
        Mark Won
      </Button>
      {show ? (
        <WinDialog place={place} opportunity={opportunity} onHide={() => setShow(false)} onWon={onWon} />
      ) : null}
    </>
  );
}

function WinDialog({
  place,
  opportunity,
  onHide,
  onWon,
}: {
  place: OpportunityPlace;
  opportunity: Pick<OpportunitySummary, 'id' | 'version'>;
  onHide: () => void;
  onWon: () => void;
}) {
  const navigate = useNavigate();
  const accepted = useQuery({
    queryKey: ['proposal', opportunity.id, 'accepted'],
    queryFn: ({ signal }) =>
      apiGet<ListPage<ProposalRow>>(`/api/manage/opportunity/${opportunity.id}/proposal`, {
        signal,
        query: { status: 'ACCEPTED', limit: 100 },
      }),
  });
  const proposals = accepted.data?.items ?? [];
  const [proposal, setProposal] = useState<number | null>(null);
  const [agreementNumber, setAgreementNumber] = useState('');
  const [startDate, setStartDate] = useState(formatDate(new Date()));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const chosen = proposal ?? proposals[0]?.id ?? null;

  const submit = async () => {
    const checked = winForm.safeParse({
      version: opportunity.version,
      proposal: chosen,
      agreementNumber,
      startDate,
    });
    if (!checked.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]);
        fields[field] = [...(fields[field] ?? []), issue.message];
      }
      setErrors(fields);
      return;
    }
    setSaving(true);
    try {
      const result = await apiPost<WinResult>(`/api/manage/opportunity/${opportunity.id}/win`, checked.data);
      onWon();
      navigate(pathFor('agreement_services', { id: result.agreement.id }));
    } catch (error) {
      if (isApiError(error)) {
        setErrors(error.fields);
        setFormErrors(
          error.errors.length ? error.errors : Object.keys(error.fields).length ? [] : [error.message],
        );
      } else setFormErrors(['The agreement could not be created. Try again.']);
    } finally {
      setSaving(false);
    }
  };

  const none = accepted.isSuccess && proposals.length === 0;
  return (
    <Dialog
      show
      title="Mark Won"
      onHide={onHide}
      okayLabel="Create Agreement"
      onOkay={() => void submit()}
      showOkay={!none}
      okayDisabled={saving || !accepted.isSuccess}
      size="md"
      data-testid="win-dialog"
    >
      {none ? (
        <Alert variant="warning" className="mb-0">
          {WIN_NEEDS_ACCEPTED}{' '}
          <Link to={opportunityPath(place, 'proposals')} onClick={onHide}>
            Proposals
          </Link>
        </Alert>
      ) : (
        <>
          <p className="small text-body-secondary">
            Creates the agreement with the proposal's monthly lines as services and its PDF as a document, and
            moves this opportunity to the won stage.
          </p>
          {formErrors.map((m) => (
            <Alert key={m} variant="danger">
              {m}
            </Alert>
          ))}
          <Select
            label="Accepted proposal"
            name="proposal"
            required
            value={chosen}
            options={proposals.map((p) => ({ value: p.id, label: `${p.number} · ${p.title}` }))}
            onChange={(v) => setProposal(v === null ? null : Number(v))}
            errors={errors.proposal}
          />
          <TextInput
            label="Agreement number"
            name="agreementNumber"
            value={agreementNumber}
            onChange={setAgreementNumber}
            hint="Leave blank for the next number."
            errors={errors.agreementNumber}
          />
          <DateInput
            label="Start date"
            name="startDate"
            required
            value={startDate}
            onChange={setStartDate}
            errors={errors.startDate}
          />
        </>
      )}
    </Dialog>
  );
}
