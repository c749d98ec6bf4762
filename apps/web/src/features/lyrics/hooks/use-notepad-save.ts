import { useCallback, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSaveLyrics } from '../api/save-lyrics';

interface NotepadSaveOptions {
  conversationId: number | null;
  initialText: string;
  createConversation?: () => Promise<{ id: number }>;
  onConversationCreated?: (id: number) => void;
}

/**
 * Saving the notepad: to the page's conversation, or to the one its first save creates (only one,
 * even if Save is pressed again meanwhile). `savedText` is what was last saved.
 */
export function useNotepadSave({ conversationId, initialText, createConversation, onConversationCreated }: NotepadSaveOptions) {
  const [savedText, setSavedText] = useState(initialText);
  /** The conversation saves go to: the page's, or the one this notepad's first save created. */
  const conversationRef = useRef(conversationId);
  const creating = useRef<Promise<number> | null>(null);
  const save = useSaveLyrics(
    useCallback(async () => {
      if (conversationRef.current !== null) return { id: conversationRef.current, created: false };
      if (!createConversation) throw new Error('This notepad cannot create a conversation.');
      // One conversation even if Save is pressed again while the first is being created.
      creating.current ??= createConversation().then(
        ({ id }) => (conversationRef.current = id),
        (error: unknown) => {
          creating.current = null;
          throw error;
        },
      );
      return { id: await creating.current, created: true };
    }, [createConversation]),
  );

  const saveText = (snapshot: string) => {
    if (!snapshot.trim()) return;
    save.mutate(snapshot, {
      onSuccess: ({ conversationId: savedTo }) => {
        setSavedText(snapshot);
        toast({ title: 'Lyrics saved', description: 'Your lyrics have been saved successfully.', variant: 'success' });
        if (savedTo !== conversationId) onConversationCreated?.(savedTo);
      },
      onError: (error) => toast({ title: 'Failed to save lyrics', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return { saving: save.isPending, savedText, saveText };
}
