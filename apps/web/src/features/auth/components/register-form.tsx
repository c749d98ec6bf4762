import { checkRegisterForm } from '@members-only/shared/auth-forms';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useRegister } from '../api/register';
import { applyFieldErrors } from './apply-field-errors';
import { checkResolver } from './check-resolver';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const registerUser = useRegister();
  const form = useForm({
    resolver: checkResolver(checkRegisterForm),
    defaultValues: { username: '', email: '', phoneNumber: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, phoneNumber, ...rest }) => {
    // confirmPassword never leaves the browser; an empty phone number is left out.
    const input = phoneNumber ? { ...rest, phoneNumber } : rest;
    registerUser.mutate(input, {
      onSuccess,
      onError: (error) => applyFieldErrors(error, ['username', 'email', 'phoneNumber', 'password'], form.setError),
    });
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
        {(aria) => <Input {...aria} type="tel" autoComplete="tel" {...form.register('phoneNumber')} />}
      </FormField>
      <FormField id="register-password" label="Password" error={errors.password?.message}>
        {(aria) => <Input {...aria} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <FormField id="register-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
        {(aria) => <Input {...aria} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={registerUser.isPending}>
        {registerUser.isPending ? (
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
