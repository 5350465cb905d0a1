// "Mark Won": an opportunity with an accepted proposal becomes an agreement in one step (its monthly lines as
// services, its one-time lines as one-time charges, its PDF as a document, linked both ways; the proposal's first-year
// value becomes the opportunity's amount and the close date the day chosen here). The dialog says what it will create
// before it does; the user lands on the new agreement's services.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { pathFor } from '../../../shared/routes';
import {
  WIN_NEEDS_ACCEPTED,
  type WinPreview,
  type WinProposal,
  type WinResult,
  winForm,
} from '../../../shared/schemas/opportunity';
import { apiGet, apiPost, isApiError } from '../../api/http';
import { DateInput, Dialog, Select, TextInput } from '../../ui';
import type { OpportunitySummary } from './opportunity-header';
import { type OpportunityPlace, opportunityPath } from './opportunity-paths';

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

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What winning with the chosen proposal creates, in the words of the agreement it makes. */
function WinSummary({ proposal }: { proposal: WinProposal }) {
  const { totals } = proposal;
  return (
    <div className="sd-win-summary small mb-3" data-testid="win-summary">
      <div>Creates the agreement with:</div>
      <ul className="mb-1">
        <li>
          {count(proposal.monthlyLines, 'monthly service', 'monthly services')} ({formatMoney(totals.monthly)}{' '}
          a month)
        </li>
        <li>
          {count(proposal.oneTimeLines, 'one-time charge', 'one-time charges')} ({formatMoney(totals.oneTime)}
          , billed once on the start date)
        </li>
        <li>the proposal's PDF as its first document</li>
      </ul>
      <div>
        First-year value <strong data-testid="win-first-year">{formatMoney(totals.firstYear)}</strong>: it
        becomes this opportunity's amount, and the opportunity moves to the won stage.
      </div>
    </div>
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
  const preview = useQuery({
    queryKey: ['opportunity-win', opportunity.id],
    queryFn: ({ signal }) => apiGet<WinPreview>(`/api/manage/opportunity/${opportunity.id}/win`, { signal }),
    staleTime: 0,
  });
  const proposals = preview.data?.proposals ?? [];
  const [proposal, setProposal] = useState<number | null>(null);
  const [agreementNumber, setAgreementNumber] = useState('');
  // Blank until the preview brings the company's today.
  const [startDate, setStartDate] = useState<string | null>(null);
  const [closeDate, setCloseDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const chosen = proposals.find((p) => p.id === proposal) ?? proposals[0] ?? null;
  const start = startDate ?? preview.data?.startDate ?? '';
  const close = closeDate ?? preview.data?.closeDate ?? '';

  const submit = async () => {
    const checked = winForm.safeParse({
      version: opportunity.version,
      proposal: chosen?.id ?? null,
      agreementNumber,
      startDate: start,
      closeDate: close,
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

  // The dialog opens over the opportunity's own form: its fields get ids of their own (win-…).
  const none = preview.isSuccess && proposals.length === 0;
  const blocked = !!chosen?.problems.length;
  const proposalsLink = (
    <Link to={opportunityPath(place, 'proposals')} onClick={onHide}>
      Proposals
    </Link>
  );
  return (
    <Dialog
      show
      title="Mark Won"
      onHide={onHide}
      okayLabel="Create Agreement"
      onOkay={() => void submit()}
      showOkay={!none}
      okayDisabled={saving || !preview.isSuccess || blocked}
      size="md"
      data-testid="win-dialog"
    >
      {preview.isError ? <Alert variant="danger">{preview.error.message}</Alert> : null}
      {none ? (
        <Alert variant="warning" className="mb-0">
          {WIN_NEEDS_ACCEPTED} {proposalsLink}
        </Alert>
      ) : (
        <>
          {formErrors.map((m) => (
            <Alert key={m} variant="danger">
              {m}
            </Alert>
          ))}
          <Select
            label="Accepted proposal"
            name="proposal"
            id="win-proposal"
            required
            value={chosen?.id ?? null}
            options={proposals.map((p) => ({ value: p.id, label: `${p.number} · ${p.title}` }))}
            onChange={(v) => setProposal(v === null ? null : Number(v))}
            errors={errors.proposal}
          />
          {chosen && blocked ? (
            <Alert variant="danger" data-testid="win-problems">
              <ul className="mb-1 ps-3">
                {chosen.problems.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
              {proposalsLink}
            </Alert>
          ) : null}
          {chosen && !blocked ? <WinSummary proposal={chosen} /> : null}
          <TextInput
            label="Agreement number"
            name="agreementNumber"
            id="win-agreementNumber"
            value={agreementNumber}
            onChange={setAgreementNumber}
            hint="Leave blank for the next number."
            errors={errors.agreementNumber}
          />
          <div className="row">
            <div className="col-sm-6">
              <DateInput
                label="Start date"
                name="startDate"
                id="win-startDate"
                required
                value={start}
                onChange={setStartDate}
                hint="The agreement's first day."
                errors={errors.startDate}
              />
            </div>
            <div className="col-sm-6">
              <DateInput
                label="Close date"
                name="closeDate"
                id="win-closeDate"
                required
                value={close}
                onChange={setCloseDate}
                hint="The day the sale closed."
                errors={errors.closeDate}
              />
            </div>
          </div>
        </>
      )}
    </Dialog>
  );
}
