import type { User } from '@members-only/shared/auth';
import { checkRegisterForm } from '@members-only/shared/auth-forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { register, registerSuccessToast } from '../api/register';
import { applyFieldErrors } from './apply-field-errors';
import type { OnSignedIn } from './auth-screen';
import { checkResolver } from './check-resolver';

/** The phone check and its metadata (about 29 kB gzipped): fetched when the phone field is focused or submitted. */
const loadPhoneCheck = () => import('@members-only/shared/phone');

export function RegisterForm({ onSuccess }: { onSuccess: OnSignedIn }) {
  // Stays pending once registered: the page is on its way out (a navigation or a new document).
  const [pending, setPending] = useState(false);
  // The server's verdict beside the toast, which goes away: a wrong password stays written by the form.
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: checkResolver(checkRegisterForm),
    defaultValues: { username: '', email: '', phoneNumber: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, phoneNumber, ...rest }) => {
    if (pending) return;
    // The phone number is checked as one (libphonenumber-js's metadata, loaded when it is needed).
    if (phoneNumber) {
      const phone = await loadPhoneCheck();
      if (!phone.isPhoneNumber(phoneNumber)) {
        form.setError('phoneNumber', { type: 'phone', message: phone.PHONE_INVALID_MESSAGE }, { shouldFocus: true });
        return;
      }
    }
    // confirmPassword never leaves the browser; an empty phone number is left out.
    const input = phoneNumber ? { ...rest, phoneNumber } : rest;
    setPending(true);
    setFormError(null);
    let user: User;
    try {
      user = await register(input);
    } catch (error) {
      setPending(false);
      setFormError(errorMessage(error));
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
      applyFieldErrors(error, ['username', 'email', 'phoneNumber', 'password'], form.setError);
      return;
    }
    onSuccess(user, registerSuccessToast(user));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      <FormField id="register-username" label="Username" error={errors.username?.message}>
        {(aria) => <Input {...aria} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        {(aria) => <Input {...aria} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField id="register-phone" label="Phone number (optional)" error={errors.phoneNumber?.message}>
        {(aria) => <Input {...aria} type="tel" autoComplete="tel" onFocus={() => void loadPhoneCheck()} {...form.register('phoneNumber')} />}
      </FormField>
      <FormField id="register-password" label="Password" error={errors.password?.message}>
        {(aria) => <Input {...aria} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <FormField id="register-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
        {(aria) => <Input {...aria} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
      </FormField>
      {formError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive-text" data-testid="register-error">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> Creating account...
          </>
        ) : (
          'Create account'
        )}
      </Button>
    </form>
  );
}
