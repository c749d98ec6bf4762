// The prompt a language model answers with a marketing plan (spec §9), built from the same inputs
// as the built-in planner.

/** Seconds as m:ss ("3:05"); null when the length is unknown. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A transcription with a line break after each sentence end (. ! ? and … followed by a space),
 * as speech-to-text returns one long paragraph. Existing line breaks stay; no line is left with
 * trailing spaces.
 */
export function withSentenceBreaks(transcription: string): string {
  return transcription
    .replace(/\r\n?/g, '\n')
    .replace(/([.!?…]+["'”’)]?)[ \t]+(?=\S)/g, '$1\n')
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .trim();
}

export interface MarketingPromptInput {
  title: string;
  /** Seconds, when the track has been analysed. */
  duration?: number | null;
  /** The track's lyrics, when a track with lyrics was chosen. */
  transcription?: string | null;
  context: string;
  /** 'YYYY-MM-DD'. */
  releaseDate: string;
}

export function marketingPrompt({ title, duration, transcription, context, releaseDate }: MarketingPromptInput): string {
  const length = formatDuration(duration);
  const lyrics = transcription?.trim() ? withSentenceBreaks(transcription) : null;
  return [
    `Create a marketing plan for my song "${title.trim()}".`,
    '',
    `Song title: ${title.trim()}`,
    `Duration: ${length ?? 'unknown'}`,
    `Release date: ${releaseDate}`,
    '',
    'Lyrics (transcription):',
    lyrics ? `"""\n${lyrics}\n"""` : '(none: no track with lyrics was chosen)',
    '',
    'Marketing context (my goals and audience):',
    `"""\n${context.trim()}\n"""`,
    '',
    'Instructions:',
    `1. Use the lyrics: build the plan around what the song actually says${lyrics ? '' : ' (there are none here, so work from the title and context)'}.`,
    '2. Extract the most quotable lines, word for word, for captions and hook clips.',
    '3. Write social media content ideas for each platform (short-form video, stories, posts).',
    '4. Suggest hashtags from the lyrics, the genre and the audience.',
    `5. Lay out a content calendar, week by week, from now until two weeks after the release on ${releaseDate}, with the distributor upload, the Spotify editorial pitch (at least 7 days before release) and the pre-save launch.`,
    '',
    'Answer in Markdown with a heading for each part.',
  ].join('\n');
}
