// Server field errors into react-hook-form, and stable per-field error lists for the kit's inputs.
import { useRef } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './http';

/**
 * Puts the server's per-field errors on the form fields it knows (SPEC §8: field errors are kept);
 * returns the messages of fields the form does not show, for the form-level message.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly string[],
): string[] {
  if (!isApiError(error)) return [];
  const other: string[] = [];
  for (const [field, messages] of Object.entries(error.fields)) {
    if (!messages?.length) continue;
    if (names.includes(field)) setError(field as Path<T>, { type: 'server', message: messages.join('\n') });
    else other.push(...messages);
  }
  return other;
}

/**
 * The kit keeps errors hidden after typing until it gets a different array, so each field's list keeps its
 * identity while react-hook-form keeps the same error object (use reValidateMode 'onSubmit': each submit
 * produces new error objects, so errors show again on the next submit).
 */
export function useErrorLists<T extends FieldValues>(
  errors: FieldErrors<T>,
): (name: Path<T>) => string[] | undefined {
  const cache = useRef(new WeakMap<object, string[]>());
  return (name) => {
    const error = (errors as Record<string, { message?: unknown } | undefined>)[name];
    if (!error || typeof error.message !== 'string' || !error.message) return undefined;
    const hit = cache.current.get(error);
    if (hit) return hit;
    const list = error.message.split('\n');
    cache.current.set(error, list);
    return list;
  };
}

/**
 * Forms keep dirty values when their server data refreshes (resetOptions keepDirtyValues); react-hook-form also
 * applies resetOptions to explicit reset() calls, so Cancel and Save pass this to really replace the values.
 */
export const RESET = { keepDirtyValues: false } as const;
