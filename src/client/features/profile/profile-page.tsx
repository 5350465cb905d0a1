// /profile: the current user's own settings, password and two-factor sign-in (SPEC §3 "Current user profile").
import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { ApiTokensCard } from '../api-tokens/api-tokens-card';
import { PasswordCard } from './password-card';
import { loadSettings, SETTINGS_KEY } from './profile-api';
import { SettingsCard } from './settings-card';
import { TwoFactorCard } from './two-factor-card';

export function ProfilePage() {
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => loadSettings(signal) });
  return (
    <>
      <div className="sd-page-head">
        <h1 className="h4 mb-0">Profile</h1>
        <Link to={pathFor('profile_history')} className="btn btn-sm btn-outline-secondary">
          History
        </Link>
      </div>
      {settings.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
      ) : null}
      {settings.isError ? <Alert variant="danger">{settings.error.message}</Alert> : null}
      {settings.data ? (
        <div className="row g-3">
          <div className="col-lg-7 col-xxl-6">
            <SettingsCard user={settings.data.entity} options={settings.data.formOptions ?? emptyOptions} />
          </div>
          <div className="col-lg-5 col-xxl-4">
            <PasswordCard email={settings.data.entity.email} />
            <div className="mt-3">
              <TwoFactorCard email={settings.data.entity.email} />
            </div>
          </div>
          <div className="col-lg-12 col-xxl-10">
            <ApiTokensCard />
          </div>
        </div>
      ) : null}
    </>
  );
}

const emptyOptions = { homePage: [], caseListDailySlipsMode: [] };
