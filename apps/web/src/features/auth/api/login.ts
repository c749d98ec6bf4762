import type { LoginInput, User } from '@members-only/shared/auth';
import type { ToastOptions } from '@/components/ui/use-toast';
import { sendJson } from '@/lib/api-client';
import { loadUserSchema } from './fetch-user';

/** POST /api/login: signs in and answers the user. */
export function login(input: LoginInput) {
  return sendJson('POST', '/api/login', input, loadUserSchema);
}

/** The toast after signing in (spec §4), shown by whatever page the visitor lands on. */
export function loginSuccessToast(user: User): ToastOptions {
  return { title: 'Login successful', description: `Welcome back, ${user.username}!`, variant: 'success' };
}
