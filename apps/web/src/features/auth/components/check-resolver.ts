import type { FormCheck } from '@members-only/shared/auth-forms';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver over one of the plain form checks of @members-only/shared/auth-forms:
 * on success the form submits the checked (trimmed) values, as zodResolver would; otherwise each
 * field shows its first message.
 */
export function checkResolver<T extends FieldValues>(check: (values: T) => FormCheck<T>): Resolver<T> {
  return (values) => {
    const result = check(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      if (typeof message === 'string') errors[field] = { type: 'validate', message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
