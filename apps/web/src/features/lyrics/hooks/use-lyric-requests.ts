import { LYRICS, LYRICS_MESSAGES, countNonEmptyLines, type LyricFeedbackResult, type LyricSuggestionsResult } from '@members-only/shared/lyrics';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { getLyricFeedback } from '../api/get-lyric-feedback';
import { getLineSuggestions } from '../api/get-line-suggestions';

interface InFlight {
  controller: AbortController;
  text: string;
}

interface SuggestionsInFlight extends InFlight {
  /** Asked for by the artist (Get Line Ideas, Refresh): a failure says so. Otherwise it stays quiet. */
  explicit: boolean;
  /** Answered or failed: the same text is asked again only on a click. */
  settled: boolean;
}

/**
 * The notepad's line suggestions and feedback, with their loading flags. A newer request cancels
 * an older one, so a slow reply never overwrites a newer one; the same text is not asked twice.
 * A click on Get Line Ideas while the automatic request for the same text is on its way adopts
 * it: no second request (nor a second use of the quota), and its failure is shown, as the
 * click's own would be. The buttons are busy only while the artist's own request runs, so a click
 * is never lost to an automatic request that started a moment before it.
 */
export function useLyricRequests() {
  const [suggestions, setSuggestions] = useState<LyricSuggestionsResult | null>(null);
  const [suggestionsLoading, setSuggestionsLoading] = useState(false);
  /** The artist's own request for ideas is on its way (the buttons that ask are busy). */
  const [ideasRequested, setIdeasRequested] = useState(false);
  const [feedback, setFeedback] = useState<LyricFeedbackResult | null>(null);
  const [feedbackLoading, setFeedbackLoading] = useState(false);
  const queryClient = useQueryClient();
  /** A model's suggestions and feedback count against today's lyrics quota: show what is left. */
  const refreshQuotas = useCallback(() => void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY }), [queryClient]);
  const suggestionsRequest = useRef<SuggestionsInFlight | null>(null);
  const feedbackRequest = useRef<InFlight | null>(null);

  const requestSuggestions = useCallback(async (forText: string, explicit: boolean) => {
    if (!forText.trim()) {
      if (explicit) toast({ title: 'Cannot generate suggestions', description: LYRICS_MESSAGES.noLyricsForSuggestions, variant: 'destructive' });
      return;
    }
    const current = suggestionsRequest.current;
    if (current?.text === forText) {
      // Typing pauses on the same text (or a refresh right after one) need no second request.
      if (!explicit) return;
      // A click while the request for this very text is on its way: that request becomes the click's.
      if (!current.settled) {
        current.explicit = true;
        setIdeasRequested(true);
        return;
      }
    }
    current?.controller.abort();
    const request: SuggestionsInFlight = { controller: new AbortController(), text: forText, explicit, settled: false };
    suggestionsRequest.current = request;
    setSuggestionsLoading(true);
    setIdeasRequested(explicit);
    try {
      const result = await getLineSuggestions(forText, request.controller.signal);
      if (suggestionsRequest.current === request) setSuggestions(result);
      refreshQuotas();
    } catch (error) {
      if (request.controller.signal.aborted) return;
      refreshQuotas();
      if (suggestionsRequest.current === request) request.text = ''; // the same text may be retried
      if (request.explicit) toast({ title: 'Failed to generate suggestions', description: errorMessage(error), variant: 'destructive' });
      else console.warn('Could not fetch line suggestions', error);
    } finally {
      request.settled = true;
      if (suggestionsRequest.current === request) {
        setSuggestionsLoading(false);
        setIdeasRequested(false);
      }
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

  /** Cancels both requests in flight and forgets them. */
  const abortRequests = useCallback(() => {
    suggestionsRequest.current?.controller.abort();
    feedbackRequest.current?.controller.abort();
    suggestionsRequest.current = null;
    feedbackRequest.current = null;
  }, []);

  /** The notepad was cleared: no suggestions, no feedback, nothing loading. */
  const reset = useCallback(() => {
    setSuggestions(null);
    setFeedback(null);
    setSuggestionsLoading(false);
    setIdeasRequested(false);
    setFeedbackLoading(false);
  }, []);

  return { suggestions, setSuggestions, suggestionsLoading, ideasRequested, feedback, feedbackLoading, requestSuggestions, requestFeedback, abortRequests, reset };
}
