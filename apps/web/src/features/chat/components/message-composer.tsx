import { SendHorizontal } from 'lucide-react';
import { useLayoutEffect, type FormEvent, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Spec §9: the input grows with its text up to this height, then scrolls. */
const MAX_HEIGHT_PX = 150;

interface MessageComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** A reply is loading: nothing can be sent (typing is still allowed). */
  busy: boolean;
  placeholder: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/** The message box: Enter sends, Shift+Enter adds a line. */
export function MessageComposer({ value, onChange, onSend, busy, placeholder, textareaRef }: MessageComposerProps) {
  const canSend = value.trim().length > 0 && !busy;

  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = 'auto';
    const height = Math.min(el.scrollHeight, MAX_HEIGHT_PX);
    el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [value, textareaRef]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing (Enter confirms the composition there).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <form
      onSubmit={submit}
      className="flex items-end gap-2 rounded-2xl border border-input bg-card p-2 shadow-sm focus-within:border-ring focus-within:outline-2 focus-within:outline-ring/30"
    >
      <textarea
        ref={textareaRef as Ref<HTMLTextAreaElement>}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        placeholder={placeholder}
        aria-label="Message"
        className={cn(
          'block max-h-[150px] min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[0.9375rem] leading-6 text-foreground',
          'placeholder:text-muted-foreground focus:outline-none',
        )}
      />
      <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend} className="rounded-xl">
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  );
}
