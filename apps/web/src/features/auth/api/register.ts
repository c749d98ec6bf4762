import type { registerSchema, User } from '@members-only/shared/auth';
import type { z } from 'zod';
import { APP_NAME } from '@members-only/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@/lib/api-client';
import { replaceSession } from './session-cache';

/** What POST /api/register accepts (phoneNumber may be left out). */
export type RegisterRequest = z.input<typeof registerSchema>;

/** Registers and signs in. The caller sends only what the server accepts (no confirmPassword). */
export async function register(input: RegisterRequest): Promise<User> {
  const res = await apiRequest('POST', '/api/register', input);
  const user = await readJson<User>(res);
  if (!user || typeof user.username !== 'string') throw new Error('Invalid response from server');
  return user;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      replaceSession(queryClient, user);
      toast({
        title: 'Registration successful',
        description: `Welcome to ${APP_NAME}, ${user.username}!`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
