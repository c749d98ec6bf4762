import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { replaceSession } from './session-cache';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

/** Signs out, then clears the user and all cached data (spec §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      replaceSession(queryClient, null);
      toast({ title: 'Logged out', description: 'You have been logged out successfully.', variant: 'success' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
