import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '@/lib/api-client';

/** Shows the server's per-field messages (400 `fieldErrors`) under the matching inputs. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): void {
  if (!(error instanceof HttpError)) return;
  const fieldErrors = error.body?.fieldErrors;
  if (!fieldErrors) return;
  for (const field of fields) {
    const message = fieldErrors[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
}
