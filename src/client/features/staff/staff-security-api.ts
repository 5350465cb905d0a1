// /admin/staff/:id/security calls: every action answers with the fresh security state.
import type { StaffAccessForm, StaffSecurityResponse } from '../../../shared/schemas/staff-security';
import { apiDelete, apiGet, apiPost } from '../../api/http';

export type SecurityLoad = StaffSecurityResponse;

export const securityKey = (id: string) => ['staff-security', id] as const;
const base = (id: string) => `/api/admin/staff/${encodeURIComponent(id)}/security`;

export const loadSecurity = (id: string, signal?: AbortSignal) => apiGet<SecurityLoad>(base(id), { signal });

export type SecurityAction =
  | { kind: 'access'; form: StaffAccessForm }
  | { kind: 'resetTwoFactor' }
  | { kind: 'revokeSession'; sessionId: number }
  | { kind: 'revokeAllSessions' }
  | { kind: 'unlock' }
  | { kind: 'passwordReset' }
  | { kind: 'revokeToken'; tokenId: number };

export function runSecurityAction(id: string, action: SecurityAction): Promise<SecurityLoad> {
  switch (action.kind) {
    case 'access':
      return apiPost(`${base(id)}/access`, action.form);
    case 'resetTwoFactor':
      return apiPost(`${base(id)}/two-factor/reset`);
    case 'revokeSession':
      return apiDelete(`${base(id)}/sessions/${action.sessionId}`);
    case 'revokeAllSessions':
      return apiDelete(`${base(id)}/sessions`);
    case 'unlock':
      return apiPost(`${base(id)}/unlock`);
    case 'passwordReset':
      return apiPost(`${base(id)}/password-reset`);
    case 'revokeToken':
      return apiDelete(`${base(id)}/api-tokens/${action.tokenId}`);
  }
}
