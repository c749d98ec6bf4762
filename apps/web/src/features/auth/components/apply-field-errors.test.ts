import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/api-client';
import { applyFieldErrors } from './apply-field-errors';

type Form = { username: string; email: string; password: string };

describe('applyFieldErrors', () => {
  it('puts the first server message of each known field under its input', () => {
    const setError = vi.fn();
    const body = JSON.stringify({ message: 'Check the form', fieldErrors: { username: ['Taken', 'Too short'], phone: ['ignored'] } });
    applyFieldErrors<Form>(new HttpError(400, 'Bad Request', body), ['username', 'email'], setError);
    expect(setError.mock.calls).toEqual([['username', { type: 'server', message: 'Taken' }]]);
  });

  it('does nothing for other errors', () => {
    const setError = vi.fn();
    applyFieldErrors<Form>(new HttpError(500, 'Internal Server Error', 'boom'), ['username'], setError);
    applyFieldErrors<Form>(new TypeError('Failed to fetch'), ['username'], setError);
    expect(setError).not.toHaveBeenCalled();
  });
});
