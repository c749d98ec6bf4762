import { TOOL_PATHS, type ConversationCategory } from '@members-only/shared/constants';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Opens a tool fresh (tool cards, chat's navigation chips). Nothing is stored on the way: a tool
 * creates its conversation with the first message or save, so the sidebar never fills with empty ones.
 */
export function useOpenTool() {
  const navigate = useNavigate();
  return useCallback((category: ConversationCategory) => void navigate(TOOL_PATHS[category], { state: { fresh: Date.now() } }), [navigate]);
}
