// "Default hourly rate: $150.00" above the bill list, and its Change dialog: the rate time is priced at where no
// block-hour service prices it. A refused rate shows under the field; a rate changed meanwhile by someone else is
// shown with theirs, and saving again replaces it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { type BillingSettings, billingSettingsForm } from '../../../shared/billing';
import { formatMoney } from '../../../shared/format/money';
import { errorMessages, isApiError } from '../../api/http';
import { Dialog, TextInput } from '../../ui';
import {
  BILLING_SETTINGS_KEY,
  type BillingSettingsLoad,
  loadBillingSettings,
  saveBillingSettings,
} from './bill-list-api';

const FIELD = 'defaultHourlyRate';

type Problem = { field?: string[]; messages: string[]; conflict?: string };

function RateDialog(props: { settings: BillingSettings; onHide: () => void; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(props.settings.defaultHourlyRate);
  const [version, setVersion] = useState(props.settings.version);
  const [problem, setProblem] = useState<Problem | null>(null);
  const save = useMutation({
    mutationFn: saveBillingSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData<BillingSettingsLoad>(BILLING_SETTINGS_KEY, (old) =>
        old ? { ...old, billingSettings: saved } : old,
      );
      props.onSaved();
      props.onHide();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && error.current && typeof error.current === 'object') {
        // Someone saved first: their rate is shown; saving again (with their version) replaces it with this one.
        const current = error.current as BillingSettings;
        queryClient.setQueryData<BillingSettingsLoad>(BILLING_SETTINGS_KEY, (old) =>
          old ? { ...old, billingSettings: current } : old,
        );
        setVersion(current.version);
        setProblem({
          messages: [],
          conflict: `${error.message} The rate is now ${formatMoney(current.defaultHourlyRate)}. Save again to replace it with yours, or Cancel to keep it.`,
        });
        props.onSaved();
        return;
      }
      const field = isApiError(error) ? error.fields[FIELD] : undefined;
      const messages = errorMessages(error).filter((m) => !field?.includes(m));
      setProblem({ field, messages });
    },
  });
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const checked = billingSettingsForm.safeParse({ version, defaultHourlyRate: text });
    if (!checked.success) {
      setProblem({ field: checked.error.issues.map((i) => i.message), messages: [] });
      return;
    }
    setProblem(null);
    save.mutate({ version, defaultHourlyRate: checked.data.defaultHourlyRate ?? text });
  };
  return (
    <Dialog
      show
      title="Default Hourly Rate"
      onHide={props.onHide}
      onOkay={() => submit()}
      okayLabel="Save"
      okayDisabled={save.isPending}
    >
      <form onSubmit={submit} noValidate>
        {problem?.conflict ? (
          <Alert variant="warning" className="py-2 small" data-testid="conflict">
            {problem.conflict}
          </Alert>
        ) : null}
        {problem?.messages.length ? (
          <Alert variant="danger" className="py-2 small" role="alert">
            {problem.messages.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        ) : null}
        <TextInput
          label="Default Hourly Rate"
          name={FIELD}
          value={text}
          onChange={setText}
          inputMode="decimal"
          required
          errors={problem?.field}
          hint="USD per hour, e.g. 150.00: the rate of time no block-hour service prices."
        />
      </form>
    </Dialog>
  );
}

/** The rate line; `onSaved` refreshes what the rate prices. */
export function BillingRate({ onSaved }: { onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const settings = useQuery({
    queryKey: BILLING_SETTINGS_KEY,
    queryFn: ({ signal }) => loadBillingSettings(signal),
  });
  if (settings.isError) {
    return <p className="small text-danger mb-2">{errorMessages(settings.error).join(' ')}</p>;
  }
  if (!settings.data) return null;
  const { billingSettings, can } = settings.data;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2 small" data-testid="billing-rate">
      <span>
        Default hourly rate: <strong>{formatMoney(billingSettings.defaultHourlyRate)}</strong>
      </span>
      {can.save ? (
        <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)} aria-haspopup="dialog">
          Change
        </Button>
      ) : null}
      {editing ? (
        <RateDialog settings={billingSettings} onHide={() => setEditing(false)} onSaved={onSaved} />
      ) : null}
    </div>
  );
}
