// Personal API tokens (`Authorization: Bearer sd6_…`): created and revoked on the profile, listed and revoked by
// administrators on a staff member's security screen. The token itself is shown once; only its SHA-256 is kept.
import { z } from 'zod';
import type { Option } from './common.js';

export const API_TOKEN_PREFIX = 'sd6_';
export const API_TOKEN_SCOPES = ['READ', 'WRITE'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  READ: 'Read only',
  WRITE: 'Read and write',
};
export const API_TOKEN_EXPIRIES = ['30', '90', '365', 'never'] as const;
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRIES)[number];

export const SCOPE_OPTIONS: Option[] = API_TOKEN_SCOPES.map((value) => ({
  value,
  label: API_TOKEN_SCOPE_LABELS[value],
}));
export const EXPIRY_OPTIONS: Option[] = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
  { value: 'never', label: 'Never' },
];

export const apiTokenForm = z.object({
  name: z.string().trim().min(1).max(100),
  scope: z.enum(API_TOKEN_SCOPES),
  expiresIn: z.enum(API_TOKEN_EXPIRIES),
});
export type ApiTokenForm = z.infer<typeof apiTokenForm>;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created: z.string(),
  lastUsed: z.string().nullable().describe('ISO time of its last use; null: never used.'),
  /** null: never expires. */
  expires: z.string().nullable().describe('ISO time it expires; null: never.'),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenList = z.object({ items: z.array(apiTokenSchema) });
/** The answer of a create: the token's row and, this once, the token itself. */
export const apiTokenCreated = z.object({
  item: apiTokenSchema,
  token: z.string().describe('The token (sd6_…) for the Authorization: Bearer header; shown this once only.'),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;
