import type { ToolType } from '@members-only/shared/constants';

export { QUICK_ACTIONS, type QuickAction } from '@/lib/quick-actions';

export const PLACEHOLDERS: Record<ToolType, string> = {
  chat: 'Ask about production, royalties, marketing...',
  lyrics: 'Describe the song, the mood or the lines you want help with...',
  coverart: 'Describe the mood, colours and style for your cover...',
  marketing: 'Tell me about your release, your audience and your goals...',
  review: 'Paste your lyrics or describe your track for feedback...',
};
