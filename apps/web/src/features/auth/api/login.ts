import type { LoginInput } from '@members-only/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, sendJson } from '@/lib/api-client';
import { loadUserSchema } from './get-user';
import { replaceSession } from './session-cache';

/** POST /api/login: signs in and answers the user. */
export function login(input: LoginInput) {
  return sendJson('POST', '/api/login', input, loadUserSchema);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      replaceSession(queryClient, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!`, variant: 'success' });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
