import type { User } from '@members-only/shared/auth';
import { checkLoginForm } from '@members-only/shared/auth-forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { login, loginSuccessToast } from '../api/login';
import { applyFieldErrors } from './apply-field-errors';
import type { OnSignedIn } from './auth-screen';
import { checkResolver } from './check-resolver';

export function LoginForm({ onSuccess }: { onSuccess: OnSignedIn }) {
  // Stays pending once signed in: the page is on its way out (a navigation or a new document).
  const [pending, setPending] = useState(false);
  // The server's verdict beside the toast, which goes away: a wrong password stays written by the form.
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: checkResolver(checkLoginForm),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (pending) return;
    setPending(true);
    setFormError(null);
    let user: User;
    try {
      user = await login(values);
    } catch (error) {
      setPending(false);
      setFormError(errorMessage(error));
      toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
      applyFieldErrors(error, ['username', 'password'], form.setError);
      return;
    }
    onSuccess(user, loginSuccessToast(user));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        {(aria) => <Input {...aria} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(aria) => <Input {...aria} type="password" autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      {formError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive-text" data-testid="login-error">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> Logging in...
          </>
        ) : (
          'Login'
        )}
      </Button>
    </form>
  );
}
