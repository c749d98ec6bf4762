import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';

/** Opens AI Chat with no conversation selected (a fresh chat). */
export function NewChatButton() {
  const navigate = useNavigate();
  return (
    <Button className="w-full" onClick={() => navigate('/chat', { state: { fresh: Date.now() } })}>
      <Plus aria-hidden="true" /> New Chat
    </Button>
  );
}
