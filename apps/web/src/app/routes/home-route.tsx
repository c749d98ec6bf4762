import { useNavigate } from 'react-router';
import { useUser } from '@/features/auth/api/get-user';
import { HomePage } from '@/features/home/pages/home-page';
import { HomeSongs } from '@/features/songs/pages/songs-page';
import { useOpenTool } from '@/lib/use-open-tool';

/** Composes Home: a tool card opens its tool, which stores nothing until the artist does. */
export function HomeRoute() {
  const { user } = useUser();
  const openTool = useOpenTool();
  const navigate = useNavigate();
  return <HomePage onStartTool={openTool} onOpenPath={(path) => void navigate(path)} isPremium={Boolean(user?.isPremium)} songs={<HomeSongs />} />;
}
