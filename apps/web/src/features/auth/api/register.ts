import type { User } from '@members-only/shared/auth';
import type { registerSchema } from '@members-only/shared/register';
import { APP_NAME } from '@members-only/shared/constants';
import type { z } from 'zod';
import type { ToastOptions } from '@/components/ui/use-toast';
import { sendJson } from '@/lib/api-client';
import { loadUserSchema } from './fetch-user';

/** What POST /api/register accepts (phoneNumber may be left out). */
export type RegisterRequest = z.input<typeof registerSchema>;

/** Registers and signs in. The caller sends only what the server accepts (no confirmPassword). */
export function register(input: RegisterRequest) {
  return sendJson('POST', '/api/register', input, loadUserSchema);
}

/** The toast after registering (spec §4), shown by whatever page the visitor lands on. */
export function registerSuccessToast(user: User): ToastOptions {
  return { title: 'Registration successful', description: `Welcome to ${APP_NAME}, ${user.username}!`, variant: 'success' };
}
