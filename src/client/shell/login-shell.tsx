// The login shell: no navigation, a centred panel with the brand and the environment badge.
import { Badge } from 'react-bootstrap';
import { Outlet } from 'react-router';
import { PwaBanners } from '../pwa/pwa-banners';
import { ScrollRules } from './hash-scroll';
import { useInstance } from './instance-context';
import { PageTitle } from './page-meta';
import { environmentBadge } from './page-title';

export function LoginShell() {
  const { environment, alt } = useInstance();
  const production = environment === 'prod';
  return (
    <div className="sd-login-shell">
      <PageTitle />
      <ScrollRules />
      <main className="sd-login-panel">
        <div className="d-flex align-items-center gap-2 mb-3">
          <span className="sd-brand sd-brand-lg">SD6</span>
          <Badge
            bg={production ? 'secondary' : 'warning'}
            text={production ? undefined : 'dark'}
            data-testid="env-badge"
          >
            {environmentBadge(environment, alt)}
          </Badge>
        </div>
        <PwaBanners />
        <Outlet />
      </main>
    </div>
  );
}
