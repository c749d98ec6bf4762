import { checkLoginForm } from '@members-only/shared/auth-forms';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useLogin } from '../api/login';
import { applyFieldErrors } from './apply-field-errors';
import { checkResolver } from './check-resolver';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const form = useForm({
    resolver: checkResolver(checkLoginForm),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess,
      onError: (error) => applyFieldErrors(error, ['username', 'password'], form.setError),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        {(aria) => <Input {...aria} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(aria) => <Input {...aria} type="password" autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending}>
        {login.isPending ? (
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
