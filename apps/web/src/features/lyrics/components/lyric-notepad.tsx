import { LYRICS, countNonEmptyLines, type RhymeTarget } from '@members-only/shared/lyrics';
import { Eraser, Lightbulb, Save } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { QuotaHint } from '@/components/quota-hint';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { QuickActions } from '@/components/quick-actions';
import { QUICK_ACTIONS } from '@/lib/quick-actions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLyricsAnalysis } from '../api/analyze-lyrics';
import { useLyricRequests } from '../hooks/use-lyric-requests';
import { useNotepadSave } from '../hooks/use-notepad-save';
import { useNotepadText } from '../hooks/use-notepad-text';
import { appendLine, isWritingLine, rhymeTargetAt, startNewLine } from '../lib/highlight';
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

/** Leaving the page (reload, close, another site) asks first while `dirty`. */
function useBeforeUnloadWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
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
  const [autoSuggest, setAutoSuggest] = useAutoSuggestPreference();
  const { suggestions, setSuggestions, suggestionsLoading, ideasRequested, feedback, feedbackLoading, requestSuggestions, requestFeedback, abortRequests, reset } =
    useLyricRequests();
  /** The rhyme target the newest line was started for, and where that line begins. */
  const [chosen, setChosen] = useState<{ target: RhymeTarget; lineStart: number } | null>(null);
  const { saving, savedText, saveText } = useNotepadSave({ conversationId, initialText, createConversation, onConversationCreated });

  const autoSuggestRef = useRef(autoSuggest);
  autoSuggestRef.current = autoSuggest;
  /** After a 1 s typing pause: suggestions (if on) and feedback (spec §4). */
  const onTypingPause = useCallback(
    (next: string) => {
      const lines = countNonEmptyLines(next);
      if (lines >= 1 && autoSuggestRef.current) void requestSuggestions(next, false);
      if (lines >= LYRICS.feedbackMinLines) void requestFeedback(next);
    },
    [requestSuggestions, requestFeedback],
  );
  const { text, caret, setCaret, textareaRef, textRef, edit, replace, cancelTypingPause, placeCaret, insertAtCaret, startSection } = useNotepadText(
    initialText,
    onTypingPause,
  );
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const highlightText = useDebouncedValue(text, LYRICS.highlightDebounceMs);
  const analysis = useLyricsAnalysis(highlightText);
  useEffect(() => {
    if (analysis.error) console.warn('Lyric analysis failed', analysis.error);
  }, [analysis.error]);

  const cancelAll = useCallback(() => {
    cancelTypingPause();
    clearTimeout(refreshTimer.current);
    abortRequests();
  }, [cancelTypingPause, abortRequests]);

  // On open: feedback for saved lyrics (spec §4), the built-in engine's, so opening spends nothing.
  // Leaving cancels whatever is still running.
  useEffect(() => {
    void requestFeedback(initialText, { builtIn: true });
    return cancelAll;
  }, [initialText, requestFeedback, cancelAll]);

  const dirty = text !== savedText && text.trim() !== '';
  useBeforeUnloadWarning(dirty);

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
    if (next !== textRef.current) replace(next);
    const lineStart = next.lastIndexOf('\n') + 1;
    setChosen(target ? { target, lineStart } : null);
    placeCaret(next.length, true);
  };

  const clear = () => {
    if (!textRef.current.trim()) return;
    cancelAll();
    replace('');
    reset();
    setChosen(null);
    placeCaret(0, false);
  };

  const blank = !text.trim();
  const targetWord = rhymeTargetAt(text, caret);
  // The chips last while the line started for the target is the one being written.
  const chosenTarget = chosen && isWritingLine(text, chosen.lineStart) ? chosen.target : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <UnsavedChangesGuard when={dirty && !saving} />
      <div className="flex min-w-0 flex-col gap-4">
        <NotepadToolbar
          blank={blank}
          onClear={clear}
          ideasLoading={ideasRequested}
          onGetIdeas={() => void requestSuggestions(textRef.current, true)}
          saving={saving}
          onSave={() => saveText(textRef.current)}
          status={saving ? 'Saving…' : dirty ? 'Unsaved changes' : savedText.trim() && text === savedText ? 'Saved' : ''}
          autoSuggest={autoSuggest}
          onAutoSuggestChange={setAutoSuggest}
        />
        <LyricChips
          onSection={startSection}
          onFixRhymes={() => void requestFeedback(textRef.current)}
          canFix={countNonEmptyLines(text) >= LYRICS.feedbackMinLines}
        />
        <LyricEditor value={text} onChange={edit} onCaretChange={setCaret} textareaRef={textareaRef} analyzed={analysis.data} />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <SuggestionsPanel
          result={suggestions}
          loading={suggestionsLoading}
          requested={ideasRequested}
          autoSuggest={autoSuggest}
          canRequest={!blank}
          onRefresh={() => void requestSuggestions(textRef.current, true)}
          onChooseLine={chooseLine}
          onChooseTarget={chooseTarget}
          chosenTarget={chosenTarget}
          onInsertWord={insertAtCaret}
          onDismissTarget={() => setChosen(null)}
        />
        <FeedbackPanel result={feedback} loading={feedbackLoading} />
        <QuotaHint kind="lyrics" className="-mt-2 px-1" />
        <RhymeIdeasPanel word={targetWord} onInsert={insertAtCaret} />
      </div>
    </div>
  );
}

interface NotepadToolbarProps {
  blank: boolean;
  onClear: () => void;
  ideasLoading: boolean;
  onGetIdeas: () => void;
  saving: boolean;
  onSave: () => void;
  /** 'Saving…', 'Unsaved changes', 'Saved' or nothing. */
  status: string;
  autoSuggest: boolean;
  onAutoSuggestChange: (next: boolean) => void;
}

/** Above the notepad: Clear, Get Line Ideas, Save Lyrics with the save status, and the auto-suggest switch. */
function NotepadToolbar({ blank, onClear, ideasLoading, onGetIdeas, saving, onSave, status, autoSuggest, onAutoSuggestChange }: NotepadToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" onClick={onClear} disabled={blank}>
        <Eraser aria-hidden="true" /> Clear
      </Button>
      <Button variant="secondary" onClick={onGetIdeas} disabled={ideasLoading}>
        <Lightbulb aria-hidden="true" /> Get Line Ideas
      </Button>
      <Button onClick={onSave} disabled={blank || saving}>
        {saving ? <Spinner /> : <Save aria-hidden="true" />} Save Lyrics
      </Button>
      <span className="text-xs text-muted-foreground" aria-live="polite">
        {status}
      </span>
      <div className="ml-auto">
        <AutoSuggestSwitch checked={autoSuggest} onCheckedChange={onAutoSuggestChange} />
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
