// /admin/sso: single sign-on with an OpenID Connect provider (issuer, client, secret kept write-only), who may sign
// in through it, its enforcement with a break-glass administrator, and who must use two-factor sign-in.
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'react-bootstrap';
import { pathFor } from '../../../shared/routes';
import {
  DOMAINS_MAX,
  type SsoSettings,
  type SsoTestResult,
  ssoSettingsForm,
  TWO_FACTOR_REQUIREMENT_LABELS,
  TWO_FACTOR_REQUIREMENTS,
} from '../../../shared/schemas/sso';
import { apiPost, errorMessages } from '../../api/http';
import { Checkbox, Select, TextArea, TextInput } from '../../ui';
import { HistoryView } from '../history/history-view';
import { type SettingsEditorProps, SettingsPage } from '../settings/settings-page';

const API = '/api/admin/sso';
const TITLE = 'SSO Settings';

/** The settings as edited: the secret field starts empty (empty keeps the stored secret). */
type Draft = SsoSettings & { clientSecret?: string };

const TWO_FACTOR_OPTIONS = TWO_FACTOR_REQUIREMENTS.map((value) => ({
  value,
  label: TWO_FACTOR_REQUIREMENT_LABELS[value],
}));

/** "Test connection": discovery against the issuer shown, with what it found or why it failed. */
function TestConnection({ issuerUrl }: { issuerUrl: string }) {
  const test = useMutation({
    mutationFn: () => apiPost<SsoTestResult>(`${API}/test`, { issuerUrl }, { redirectOnLogin: true }),
  });
  const result = test.data;
  return (
    <div className="mb-3">
      <Button
        type="button"
        size="sm"
        variant="outline-secondary"
        disabled={!issuerUrl.trim() || test.isPending}
        onClick={() => test.mutate()}
      >
        {test.isPending ? 'Testing…' : 'Test connection'}
      </Button>
      <div role="status" aria-live="polite" className="mt-2">
        {result ? (
          <Alert variant={result.ok ? 'success' : 'warning'} className="py-2 small mb-0 text-break">
            {result.message}
          </Alert>
        ) : null}
        {test.isError ? (
          <Alert variant="danger" className="py-2 small mb-0">
            {errorMessages(test.error).join(' ')}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

function SsoEditor({ value, onChange, editing, formOptions }: SettingsEditorProps<Draft>) {
  const set = (patch: Partial<Draft>) => onChange({ ...value, ...patch });
  const readOnly = !editing;
  return (
    <>
      <div className="mb-3">
        <div className="form-label fw-semibold small mb-1">Redirect URI to register at the provider</div>
        <code className="d-block text-break user-select-all" data-testid="redirect-uri">
          {value.redirectUri}
        </code>
      </div>
      <div className="row">
        <div className="col-md-6">
          <Checkbox
            switch
            label="Enabled"
            name="enabled"
            readOnly={readOnly}
            checked={value.enabled}
            onChange={(enabled) => set({ enabled })}
            hint={editing ? 'Offer "Sign in with …" on the sign-in page.' : undefined}
          />
          <TextInput
            label="Provider Name"
            name="providerName"
            readOnly={readOnly}
            required={value.enabled}
            value={value.providerName}
            onChange={(providerName) => set({ providerName })}
            placeholder="Microsoft"
            hint={editing ? 'Shown on the button: "Sign in with Microsoft".' : undefined}
          />
          <TextInput
            label="Issuer URL"
            name="issuerUrl"
            readOnly={readOnly}
            required={value.enabled}
            value={value.issuerUrl}
            onChange={(issuerUrl) => set({ issuerUrl })}
            placeholder="https://login.microsoftonline.com/{tenant}/v2.0"
            hint={editing ? "The provider's issuer, with https://." : undefined}
          />
          <TestConnection issuerUrl={value.issuerUrl} />
          <TextInput
            label="Client ID"
            name="clientId"
            readOnly={readOnly}
            required={value.enabled}
            value={value.clientId}
            onChange={(clientId) => set({ clientId })}
          />
          {editing ? (
            <TextInput
              label="Client Secret"
              name="clientSecret"
              type="password"
              autoComplete="new-password"
              value={value.clientSecret ?? ''}
              onChange={(clientSecret) => set({ clientSecret })}
              hint={
                value.secretStored
                  ? 'A secret is stored. Leave this empty to keep it; type a new one to replace it.'
                  : 'No secret is stored yet.'
              }
            />
          ) : (
            <TextInput
              label="Client Secret"
              name="clientSecret"
              readOnly
              value={value.secretStored ? 'A secret is stored' : ''}
              onChange={() => undefined}
            />
          )}
        </div>
        <div className="col-md-6">
          <TextArea
            label="Allowed Email Domains"
            name="allowedDomains"
            readOnly={readOnly}
            autoGrow
            value={value.allowedDomains.join('\n')}
            onChange={(text) => set({ allowedDomains: text.split('\n') })}
            placeholder={'example.com\nexample.co.uk'}
            hint={
              editing
                ? `One domain a line, at most ${DOMAINS_MAX}. Empty: any domain. Applies when an account is linked or created.`
                : undefined
            }
          />
          <Checkbox
            switch
            label="Auto-create Users"
            name="autoCreateUsers"
            readOnly={readOnly}
            checked={value.autoCreateUsers}
            onChange={(autoCreateUsers) => set({ autoCreateUsers })}
            hint={editing ? 'On first sign-in, with the technician role only.' : undefined}
          />
          <Checkbox
            switch
            label="Enforce Single Sign-On"
            name="enforced"
            readOnly={readOnly}
            checked={value.enforced}
            onChange={(enforced) => set({ enforced })}
            hint={
              editing
                ? 'Password sign-in is refused for everyone but the break-glass administrator.'
                : undefined
            }
          />
          <Select
            label="Break-glass Administrator"
            name="breakGlassUser"
            readOnly={readOnly}
            required={value.enforced}
            value={value.breakGlassUser?.value ?? null}
            options={formOptions.breakGlassUsers ?? []}
            onChange={(picked) => {
              const option = (formOptions.breakGlassUsers ?? []).find((o) => o.value === picked);
              set({ breakGlassUser: option ? { value: Number(option.value), label: option.label } : null });
            }}
            hint={editing ? 'An active administrator who may still sign in with a password.' : undefined}
          />
          <Select
            label="Two-Factor Sign-In"
            name="requireTwoFactor"
            readOnly={readOnly}
            required
            value={value.requireTwoFactor}
            options={TWO_FACTOR_OPTIONS}
            onChange={(v) => set({ requireTwoFactor: (v ?? 'NONE') as Draft['requireTwoFactor'] })}
            hint={editing ? 'For password sign-ins; the provider decides for single sign-on.' : undefined}
          />
        </div>
      </div>
    </>
  );
}

export function SsoSettingsPage() {
  return (
    <SettingsPage<Draft>
      title={TITLE}
      api={API}
      entityKey="ssoSettings"
      historyKey="sso-settings"
      historyPath={pathFor('sso_settings_history')}
      schema={ssoSettingsForm}
      toPayload={(v) => ({
        version: v.version,
        enabled: v.enabled,
        providerName: v.providerName,
        issuerUrl: v.issuerUrl,
        clientId: v.clientId,
        clientSecret: v.clientSecret ?? '',
        allowedDomains: v.allowedDomains,
        autoCreateUsers: v.autoCreateUsers,
        enforced: v.enforced,
        breakGlassUser: v.breakGlassUser?.value ?? null,
        requireTwoFactor: v.requireTwoFactor,
      })}
      editor={(p) => <SsoEditor {...p} />}
    />
  );
}

export function SsoSettingsHistoryPage() {
  return (
    <HistoryView
      entity="sso-settings"
      id={1}
      objectClass="SsoSettings"
      backTo={pathFor('sso_settings')}
      backText={TITLE}
    />
  );
}
