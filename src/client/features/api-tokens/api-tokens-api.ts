// The current user's personal API tokens (session calls; a token cannot manage tokens).
import type { ApiToken, ApiTokenCreated, ApiTokenForm } from '../../../shared/schemas/api-token';
import { apiDelete, apiGet, apiPost } from '../../api/http';

export const API_TOKENS_KEY = ['api-tokens'] as const;

export async function listApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return (await apiGet<{ items: ApiToken[] }>('/api/user/api-tokens', { signal })).items;
}

export const createApiToken = (form: ApiTokenForm) => apiPost<ApiTokenCreated>('/api/user/api-tokens', form);

export const revokeApiToken = (id: number) => apiDelete<{ ok: true }>(`/api/user/api-tokens/${id}`);
