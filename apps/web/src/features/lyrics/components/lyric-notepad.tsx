import {
  LYRICS,
  LYRICS_MESSAGES,
  countNonEmptyLines,
  type LyricFeedbackResult,
  type LyricSuggestionsResult,
  type RhymeTarget,
} from '@members-only/shared/lyrics';
import { useQueryClient } from '@tanstack/react-query';
import { Eraser, Lightbulb, Save } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { QuotaHint } from '@/components/quota-hint';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { QuickActions } from '@/components/quick-actions';
import { QUICK_ACTIONS } from '@/lib/quick-actions';
import { errorMessage } from '@/lib/api-client';
import { QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLyricsAnalysis } from '../api/analyze-lyrics';
import { getLyricFeedback } from '../api/get-lyric-feedback';
import { getLineSuggestions } from '../api/get-line-suggestions';
import { useSaveLyrics } from '../api/save-lyrics';
import { appendLine, insertWord, isWritingLine, rhymeTargetAt, startNewLine } from '../lib/highlight';
import { AutoSuggestSwitch } from './auto-suggest-switch';
import { FeedbackPanel } from './feedback-panel';
import { LyricEditor } from './lyric-editor';
import { RhymeIdeasPanel } from './rhyme-ideas-panel';
import { SuggestionsPanel } from './suggestions-panel';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

const AUTO_SUGGEST_KEY = 'mo:lyrics:auto-suggest';

function useAutoSuggestPreference() {
  const [value, setValue] = useState(() => {
    try {
      return localStorage.getItem(AUTO_SUGGEST_KEY) !== 'off';
    } catch {
      return true;
    }
  });
  const set = useCallback((next: boolean) => {
    setValue(next);
    try {
      localStorage.setItem(AUTO_SUGGEST_KEY, next ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return [value, set] as const;
}

interface InFlight {
  controller: AbortController;
  text: string;
}

/**
 * The Lyric Assist notepad (spec §2, §4). Live highlighting follows every keystroke after a short
 * pause; suggestions and feedback wait for the spec's 1 s typing pause. A newer request cancels an
 * older one, so a slow reply never overwrites a newer one.
 */
export interface LyricNotepadProps {
  /** The saved conversation; null for a new notepad, whose first save creates one. */
  conversationId: number | null;
  initialText: string;
  createConversation?: () => Promise<{ id: number }>;
  /** A first save created the conversation: put it in the URL (replace, so Back does not return to the empty notepad). */
  onConversationCreated?: (id: number) => void;
}

export function LyricNotepad({ conversationId, initialText, createConversation, onConversationCreated }: LyricNotepadProps) {
  const [text, setText] = useState(initialText);
  const [savedText, setSavedText] = useState(initialText);
  const [caret, setCaret] = useState(initialText.length);
  const [autoSuggest, setAutoSuggest] = useAutoSuggestPreference();
  const [suggestions, setSuggestions] = useState<LyricSuggestionsResult | null>(null);
  const [suggestionsLoading, setSuggestionsLoading] = useState(false);
  const [feedback, setFeedback] = useState<LyricFeedbackResult | null>(null);
  const [feedbackLoading, setFeedbackLoading] = useState(false);
  /** The rhyme target the newest line was started for, and where that line begins. */
  const [chosen, setChosen] = useState<{ target: RhymeTarget; lineStart: number } | null>(null);
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
  const queryClient = useQueryClient();
  /** A model's suggestions and feedback count against today's lyrics quota: show what is left. */
  const refreshQuotas = useCallback(() => void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY }), [queryClient]);

  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const textRef = useRef(text);
  const autoSuggestRef = useRef(autoSuggest);
  autoSuggestRef.current = autoSuggest;
  const suggestionsRequest = useRef<InFlight | null>(null);
  const feedbackRequest = useRef<InFlight | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const highlightText = useDebouncedValue(text, LYRICS.highlightDebounceMs);
  const analysis = useLyricsAnalysis(highlightText);
  useEffect(() => {
    if (analysis.error) console.warn('Lyric analysis failed', analysis.error);
  }, [analysis.error]);

  const requestSuggestions = useCallback(async (forText: string, explicit: boolean) => {
    if (!forText.trim()) {
      if (explicit) toast({ title: 'Cannot generate suggestions', description: LYRICS_MESSAGES.noLyricsForSuggestions, variant: 'destructive' });
      return;
    }
    // Typing pauses on the same text (or a refresh right after one) need no second request.
    if (!explicit && suggestionsRequest.current?.text === forText) return;
    suggestionsRequest.current?.controller.abort();
    const request: InFlight = { controller: new AbortController(), text: forText };
    suggestionsRequest.current = request;
    setSuggestionsLoading(true);
    try {
      const result = await getLineSuggestions(forText, request.controller.signal);
      if (suggestionsRequest.current === request) setSuggestions(result);
      refreshQuotas();
    } catch (error) {
      if (request.controller.signal.aborted) return;
      refreshQuotas();
      if (suggestionsRequest.current === request) request.text = ''; // the same text may be retried
      if (explicit) toast({ title: 'Failed to generate suggestions', description: errorMessage(error), variant: 'destructive' });
      else console.warn('Could not fetch line suggestions', error);
    } finally {
      if (suggestionsRequest.current === request) setSuggestionsLoading(false);
    }
  }, [refreshQuotas]);

  const requestFeedback = useCallback(async (forText: string, { builtIn = false } = {}) => {
    if (countNonEmptyLines(forText) < LYRICS.feedbackMinLines) return;
    if (feedbackRequest.current?.text === forText) return;
    feedbackRequest.current?.controller.abort();
    const request: InFlight = { controller: new AbortController(), text: forText };
    feedbackRequest.current = request;
    setFeedbackLoading(true);
    try {
      const result = await getLyricFeedback(forText, request.controller.signal, { builtIn });
      if (feedbackRequest.current === request) setFeedback(result);
      refreshQuotas();
    } catch (error) {
      if (request.controller.signal.aborted) return;
      refreshQuotas();
      if (feedbackRequest.current === request) request.text = '';
      // Spec §8: feedback failures are only logged.
      console.warn('Could not fetch lyric feedback', error);
    } finally {
      if (feedbackRequest.current === request) setFeedbackLoading(false);
    }
  }, [refreshQuotas]);

  const cancelAll = useCallback(() => {
    clearTimeout(typingTimer.current);
    clearTimeout(refreshTimer.current);
    suggestionsRequest.current?.controller.abort();
    feedbackRequest.current?.controller.abort();
    suggestionsRequest.current = null;
    feedbackRequest.current = null;
  }, []);

  // On open: feedback for saved lyrics (spec §4), the built-in engine's, so opening spends nothing.
  // Leaving cancels whatever is still running.
  useEffect(() => {
    void requestFeedback(initialText, { builtIn: true });
    return cancelAll;
  }, [initialText, requestFeedback, cancelAll]);

  const dirty = text !== savedText && text.trim() !== '';
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Every edit by the artist: after a 1 s pause, suggestions (if on) and feedback (spec §4). */
  const edit = useCallback(
    (next: string) => {
      textRef.current = next;
      setText(next);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => {
        const lines = countNonEmptyLines(next);
        if (lines >= 1 && autoSuggestRef.current) void requestSuggestions(next, false);
        if (lines >= LYRICS.feedbackMinLines) void requestFeedback(next);
      }, LYRICS.debounceMs);
    },
    [requestSuggestions, requestFeedback],
  );

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

  const chooseLine = (line: string) => {
    setChosen(null);
    const next = appendLine(textRef.current, line);
    edit(next);
    placeCaret(next.length, true);
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      if (autoSuggestRef.current) void requestSuggestions(next, false);
      else setSuggestions(null);
    }, LYRICS.suggestionRefreshMs);
  };

  /**
   * A rhyme target is not a line: open a fresh line and leave the writing to the artist, with the
   * target's rhyme words at hand (chips that go in at the cursor) while that line is written.
   */
  const chooseTarget = (target: RhymeTarget | null) => {
    const next = startNewLine(textRef.current);
    if (next !== textRef.current) {
      textRef.current = next;
      setText(next);
    }
    const lineStart = next.lastIndexOf('\n') + 1;
    setChosen(target ? { target, lineStart } : null);
    placeCaret(next.length, true);
  };

  const insertIdea = (word: string) => {
    const el = textareaRef.current;
    const current = textRef.current;
    const start = el ? el.selectionStart : current.length;
    const end = el ? el.selectionEnd : current.length;
    const result = insertWord(current, start, end, word);
    edit(result.text);
    placeCaret(result.caret, false);
  };

  const clear = () => {
    if (!textRef.current.trim()) return;
    cancelAll();
    textRef.current = '';
    setText('');
    setSuggestions(null);
    setFeedback(null);
    setChosen(null);
    setSuggestionsLoading(false);
    setFeedbackLoading(false);
    placeCaret(0, false);
  };

  const saveLyrics = () => {
    const snapshot = textRef.current;
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

  const blank = !text.trim();
  const targetWord = rhymeTargetAt(text, caret);
  // The chips last while the line started for the target is the one being written.
  const chosenTarget = chosen && isWritingLine(text, chosen.lineStart) ? chosen.target : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <UnsavedChangesGuard when={dirty && !save.isPending} />
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={clear} disabled={blank}>
            <Eraser aria-hidden="true" /> Clear
          </Button>
          <Button variant="secondary" onClick={() => void requestSuggestions(textRef.current, true)} disabled={suggestionsLoading}>
            <Lightbulb aria-hidden="true" /> Get Line Ideas
          </Button>
          <Button onClick={saveLyrics} disabled={blank || save.isPending}>
            {save.isPending ? <Spinner /> : <Save aria-hidden="true" />} Save Lyrics
          </Button>
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {save.isPending ? 'Saving…' : dirty ? 'Unsaved changes' : savedText.trim() && text === savedText ? 'Saved' : ''}
          </span>
          <div className="ml-auto">
            <AutoSuggestSwitch checked={autoSuggest} onCheckedChange={setAutoSuggest} />
          </div>
        </div>
        <LyricChips
          onSection={(label) => {
            const next = appendLine(textRef.current, `[${label}]`) + '\n';
            edit(next);
            placeCaret(next.length, true);
          }}
          onFixRhymes={() => void requestFeedback(textRef.current)}
          canFix={countNonEmptyLines(text) >= LYRICS.feedbackMinLines}
        />
        <LyricEditor value={text} onChange={edit} onCaretChange={setCaret} textareaRef={textareaRef} analyzed={analysis.data} />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <SuggestionsPanel
          result={suggestions}
          loading={suggestionsLoading}
          autoSuggest={autoSuggest}
          canRequest={!blank}
          onRefresh={() => void requestSuggestions(textRef.current, true)}
          onChooseLine={chooseLine}
          onChooseTarget={chooseTarget}
          chosenTarget={chosenTarget}
          onInsertWord={insertIdea}
          onDismissTarget={() => setChosen(null)}
        />
        <FeedbackPanel result={feedback} loading={feedbackLoading} />
        <QuotaHint kind="lyrics" className="-mt-2 px-1" />
        <RhymeIdeasPanel word={targetWord} onInsert={insertIdea} />
      </div>
    </div>
  );
}

/**
 * The spec's lyrics chips (issue 24), where lyrics are written: the three "Write a…" chips start
 * that section in the notepad ("[Hook]") with the caret under it; "Fix my rhymes" asks for the
 * feedback now, whose notes name the lines that do not rhyme.
 */
function LyricChips({ onSection, onFixRhymes, canFix }: { onSection: (label: string) => void; onFixRhymes: () => void; canFix: boolean }) {
  const sections: Record<string, string> = { 'Write a hook': 'Hook', 'Write a verse': 'Verse', 'Write a bridge': 'Bridge' };
  return (
    <QuickActions
      actions={QUICK_ACTIONS.lyrics.filter((a) => a.label in sections || (a.label === 'Fix my rhymes' && canFix))}
      onFill={(_text, label) => (label in sections ? onSection(sections[label]!) : onFixRhymes())}
    />
  );
}
