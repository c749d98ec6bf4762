import { LYRICS } from '@members-only/shared/lyrics';
import { useCallback, useRef, useState } from 'react';
import { appendLine, insertWord } from '../lib/highlight';

/**
 * The notepad's text and caret. `edit` is every edit by the artist: `onTypingPause` runs after the
 * spec's 1 s pause (spec §4). `textRef` always holds the newest text, for handlers that run later.
 */
export function useNotepadText(initialText: string, onTypingPause: (text: string) => void) {
  const [text, setText] = useState(initialText);
  const [caret, setCaret] = useState(initialText.length);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const textRef = useRef(text);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const edit = useCallback(
    (next: string) => {
      textRef.current = next;
      setText(next);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => onTypingPause(next), LYRICS.debounceMs);
    },
    [onTypingPause],
  );

  /** Sets the text without waiting for a typing pause (a fresh line opened, the notepad cleared). */
  const replace = (next: string) => {
    textRef.current = next;
    setText(next);
  };

  const cancelTypingPause = useCallback(() => clearTimeout(typingTimer.current), []);

  const placeCaret = (position: number, reveal: boolean) => {
    requestAnimationFrame(() => {
      const el = textareaRef.current;
      if (!el) return;
      el.focus({ preventScroll: true });
      el.setSelectionRange(position, position);
      setCaret(position);
      if (reveal) el.parentElement?.querySelector('[data-testid="lyric-highlights"]')?.lastElementChild?.scrollIntoView({ block: 'nearest' });
    });
  };

  /** A rhyme idea goes in at the cursor (over the selection). */
  const insertAtCaret = (word: string) => {
    const el = textareaRef.current;
    const current = textRef.current;
    const start = el ? el.selectionStart : current.length;
    const end = el ? el.selectionEnd : current.length;
    const result = insertWord(current, start, end, word);
    edit(result.text);
    placeCaret(result.caret, false);
  };

  /** A "Write a…" chip: the section's label ("[Hook]") as the last line, the caret under it. */
  const startSection = (label: string) => {
    const next = appendLine(textRef.current, `[${label}]`) + '\n';
    edit(next);
    placeCaret(next.length, true);
  };

  return { text, caret, setCaret, textareaRef, textRef, edit, replace, cancelTypingPause, placeCaret, insertAtCaret, startSection };
}
