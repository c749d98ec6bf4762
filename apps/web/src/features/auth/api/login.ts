import type { LoginInput, User } from '@members-only/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@/lib/api-client';
import { replaceSession } from './session-cache';

export async function login(input: LoginInput): Promise<User> {
  const res = await apiRequest('POST', '/api/login', input);
  const user = await readJson<User>(res);
  if (!user || typeof user.username !== 'string') throw new Error('Invalid response from server');
  return user;
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
