import { HttpError } from '@/lib/api-client';

/** The server's message for one field (`{ message, fieldErrors }`), if it sent one. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof HttpError ? error.body?.fieldErrors?.[field]?.[0] : undefined;
}

/** Whether the server put its message under one of `fields` (then it is shown there, not again on top). */
export function isFieldError(error: unknown, fields: readonly string[]): boolean {
  return fields.some((field) => fieldError(error, field) !== undefined);
}
