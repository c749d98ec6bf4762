/** Product constants from the spec (§9) shared by server and web. */

export const TOOL_TYPES = ['chat', 'lyrics', 'coverart', 'marketing', 'review'] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

/** Conversation categories: the tool types plus the studio's sessions. */
export const CONVERSATION_CATEGORIES = [...TOOL_TYPES, 'studio'] as const;
export type ConversationCategory = (typeof CONVERSATION_CATEGORIES)[number];

export const DEFAULT_CONVERSATION_TITLES: Record<ConversationCategory, string> = {
  chat: 'Music Chat',
  lyrics: 'Lyrics Help',
  coverart: 'Cover Art',
  marketing: 'Marketing',
  review: 'Track Review',
  studio: 'Music Studio Session',
};
export const FALLBACK_CONVERSATION_TITLE = 'New Chat';

export function defaultConversationTitle(category: string | undefined): string {
  return (DEFAULT_CONVERSATION_TITLES as Record<string, string>)[category ?? ''] ?? FALLBACK_CONVERSATION_TITLE;
}

/** Where each tool lives in the web app. */
export const TOOL_PATHS: Record<ConversationCategory, string> = {
  chat: '/chat',
  lyrics: '/lyrics',
  coverart: '/cover-art',
  marketing: '/marketing',
  review: '/review',
  studio: '/studio',
};

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 6,
  passwordMax: 256,
  emailMax: 254,
  phoneMax: 32,
  titleMax: 200,
  messageMax: 20_000,
} as const;

export const TIMINGS = {
  messageLoadTimeoutMs: 10_000,
  conversationPollMs: 30_000,
  toastDurationMs: 5_000,
  paymentSuccessToastMs: 8_000,
} as const;

/** The product's name as people see it (toasts, titles, banner). */
export const APP_NAME = 'Members Only';
