// Generic entity calls of SPEC §7: load under a named key (+ form, formOptions), save with options reduced to values.
import type { RecordCan } from '../../shared/permissions';
import { type ApiError, apiDelete, apiGet, apiPost, isApiError, type RequestOptions } from './http';

export type EntityLoad<T, O = Record<string, unknown>> = {
  entity: T;
  form?: unknown;
  formOptions?: O;
  prototypes?: unknown;
  /** What the signed-in user may do with the record (the permission matrix); absent: not restricted. */
  can?: RecordCan;
  /** Why Delete would be refused (the server's rule), or null/absent when it may go. */
  deleteBlockedReason?: string | null;
};

function isOptionObject(value: unknown): value is { label: unknown; value: unknown } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    'value' in value &&
    'label' in value &&
    Object.keys(value).length === 2
  );
}

/** Select-style values travel to the server as their bare value (SPEC §7, ARCHITECTURE §3). */
export function toPayload<T extends Record<string, unknown>>(values: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (isOptionObject(value)) out[key] = value.value;
    else if (Array.isArray(value)) out[key] = value.map((v) => (isOptionObject(v) ? v.value : v));
    else out[key] = value;
  }
  return out;
}

function readKey<T>(response: unknown, key: string, url: string): T {
  if (!response || typeof response !== 'object' || !(key in response)) {
    throw new Error(`The response of ${url} has no "${key}".`);
  }
  const value = (response as Record<string, unknown>)[key];
  if (value === undefined || value === null) throw new Error(`The response of ${url} has no "${key}".`);
  return value as T;
}

export async function loadEntity<T, O = Record<string, unknown>>(
  url: string,
  key: string,
  options?: RequestOptions,
): Promise<EntityLoad<T, O>> {
  const response = await apiGet<Record<string, unknown>>(url, options);
  const entity = readKey<T>(response, key, url);
  return {
    entity,
    form: response.form,
    formOptions: response.formOptions as O | undefined,
    prototypes: response.prototypes,
    can: response.can as RecordCan | undefined,
    deleteBlockedReason: response.deleteBlockedReason as string | null | undefined,
  };
}

export async function saveEntity<T>(
  url: string,
  key: string,
  values: Record<string, unknown>,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiPost<unknown>(url, toPayload(values), options);
  return readKey<T>(response, key, url);
}

export function deleteEntity(url: string, options?: RequestOptions): Promise<unknown> {
  return apiDelete<unknown>(url, options);
}

/**
 * SPEC §8: a load/save/delete failing with a status in the allowed list (default 404 only) goes to the error page;
 * returns that status, or null when the message belongs on the form.
 */
export function errorPageStatus(error: unknown, allowed: number[] = [404]): number | null {
  if (!isApiError(error)) return null;
  const status = (error as ApiError).status;
  return [403, 404, 500].includes(status) && allowed.includes(status) ? status : null;
}
