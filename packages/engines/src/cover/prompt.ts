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
 *
 * `maxLength` is the model's published maximum: the prompt is built to fit it, keeping the title
 * and the artist's direction; the concept is trimmed first, then the lines that only polish (the
 * artist name, the no-extra-text rule), and the direction only when nothing else is left to cut.
 */
export function coverImagePrompt(input: CoverPromptInput, maxLength = Infinity): string {
  const direction = input.direction?.trim() ?? '';
  const build = (concept: string, polish: boolean, dir: string) => {
    const lines = [`Create a professional, square album cover for the song "${input.title}".`];
    if (concept) lines.push(`Concept: ${concept}`);
    lines.push(`Style: ${COVER_STYLE_LABELS[input.style]}.`);
    if (dir) lines.push(`Artistic direction: ${dir}`);
    lines.push(`The song title "${input.title}" must be the focal text: large, clearly legible and inside the safe margins.`);
    if (polish && input.artist?.trim()) lines.push(`The artist name "${input.artist.trim()}" may appear smaller.`);
    lines.push(
      input.advisory
        ? 'Include a black-and-white "Parental Advisory Explicit Content" label at the bottom right.'
        : 'Do not include a Parental Advisory label.',
    );
    if (polish) lines.push('No other text, no URLs, no social media handles, no watermarks, no borders cut off.');
    return lines.join('\n');
  };
  const concept = input.concept.trim().slice(0, CONCEPT_EXCERPT);
  const full = build(concept, true, direction);
  if (full.length <= maxLength) return full;
  // The concept gives way first: cut at a word where one is near, down to nothing.
  const withoutConcept = build('', true, direction);
  const room = maxLength - withoutConcept.length - '\nConcept: '.length;
  if (room >= 20) return build(trimToWords(concept, room), true, direction);
  if (withoutConcept.length <= maxLength) return withoutConcept;
  const bare = build('', false, direction);
  if (bare.length <= maxLength) return bare;
  // Only a direction longer than the model takes is left: it is cut to fit, at a word.
  const skeleton = build('', false, '');
  const left = maxLength - skeleton.length - '\nArtistic direction: '.length;
  return left > 0 ? build('', false, trimToWords(direction, left)) : skeleton.slice(0, maxLength);
}

/** Text cut to at most `max` characters, at the last space when one is close, with an ellipsis. */
function trimToWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - 1));
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The prompt for an edit of an existing cover (the Images edits endpoint), within `maxLength` like the cover's. */
export function coverEditPrompt(input: CoverPromptInput & { edit: string }, maxLength = Infinity): string {
  const edit = input.edit.trim();
  const rest = Math.max(0, maxLength - edit.length - 2);
  return `${edit}\n\n${coverImagePrompt(input, rest)}`.slice(0, maxLength);
}
