import type { registerSchema } from '@members-only/shared/auth';
import { APP_NAME } from '@members-only/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, sendJson } from '@/lib/api-client';
import { loadUserSchema } from './get-user';
import { replaceSession } from './session-cache';

/** What POST /api/register accepts (phoneNumber may be left out). */
export type RegisterRequest = z.input<typeof registerSchema>;

/** Registers and signs in. The caller sends only what the server accepts (no confirmPassword). */
export function register(input: RegisterRequest) {
  return sendJson('POST', '/api/register', input, loadUserSchema);
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
