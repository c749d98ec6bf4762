import { COVER_STYLE_LABELS, type CoverStyleId } from './styles';

/** Spec §9: the transcription excerpt for the concept is its first 300 characters, the concept excerpt in the cover prompt its first 200. */
export const TRANSCRIPTION_EXCERPT = 300;
export const CONCEPT_EXCERPT = 200;

/** Spec §8: the fixed three-sentence concept used when concept generation fails. */
export const FALLBACK_CONCEPT =
  'A bold, modern album cover with striking contrast and clean typography. The artwork captures the energy and emotion of the song through dynamic colours, shapes and textures. The song title stands at the centre as the focal point.';

/** The text model's prompt for a concept, from the first 300 characters of the transcription. */
export function conceptPrompt(transcription: string): string {
  const excerpt = transcription.trim().slice(0, TRANSCRIPTION_EXCERPT);
  return [
    'Based on these song lyrics, create a short visual concept for an album cover of a rap/hip-hop song.',
    `Lyrics: "${excerpt}"`,
    'Answer in three sentences: the mood, the colour palette, and the main imagery. No lists, no headings, no title suggestions.',
  ].join('\n');
}

export interface CoverPromptInput {
  title: string;
  concept: string;
  style: CoverStyleId;
  direction?: string | null;
  advisory: boolean;
  artist?: string | null;
}

/**
 * The image model's prompt. Every prompt demands the song title as the focal text and, when the
 * artist asked for it, a Parental Advisory label at the bottom right (and its absence otherwise).
 */
export function coverImagePrompt(input: CoverPromptInput): string {
  const lines = [
    `Create a professional, square album cover for the song "${input.title}".`,
    `Concept: ${input.concept.trim().slice(0, CONCEPT_EXCERPT)}`,
    `Style: ${COVER_STYLE_LABELS[input.style]}.`,
  ];
  if (input.direction?.trim()) lines.push(`Artistic direction: ${input.direction.trim()}`);
  lines.push(`The song title "${input.title}" must be the focal text: large, clearly legible and inside the safe margins.`);
  if (input.artist?.trim()) lines.push(`The artist name "${input.artist.trim()}" may appear smaller.`);
  lines.push(
    input.advisory
      ? 'Include a black-and-white "Parental Advisory Explicit Content" label at the bottom right.'
      : 'Do not include a Parental Advisory label.',
  );
  lines.push('No other text, no URLs, no social media handles, no watermarks, no borders cut off.');
  return lines.join('\n');
}

/** The prompt for an edit of an existing cover (the Images edits endpoint). */
export function coverEditPrompt(input: CoverPromptInput & { edit: string }): string {
  return `${input.edit.trim()}\n\n${coverImagePrompt(input)}`;
}
