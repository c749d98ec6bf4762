import { useUser } from '@/features/auth/api/get-user';
import { useStartConversation } from '@/features/conversations/api/create-conversation';
import { HomePage } from '@/features/home/pages/home-page';

/** Composes Home with the conversations feature (features do not import each other). */
export function HomeRoute() {
  const { user } = useUser();
  const { start, pendingCategory } = useStartConversation();
  return <HomePage onStartTool={start} pendingCategory={pendingCategory} isPremium={Boolean(user?.isPremium)} />;
}
