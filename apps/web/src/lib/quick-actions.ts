import type { ConversationCategory, ToolType } from '@members-only/shared/constants';

/** The spec's chips (§2): the chat's, and each tool's, which its own page shows by its input (issue 24). */

/** A quick-action chip: either opens another tool (fresh; nothing is stored until it is used) or fills the input. */
export type QuickAction =
  | { kind: 'navigate'; label: string; category: ConversationCategory }
  | { kind: 'fill'; label: string; text: string };

/** Spec §2: chat chips navigate; the other tools' chips only fill the input. */
export const QUICK_ACTIONS: Record<ToolType, QuickAction[]> = {
  chat: [
    { kind: 'navigate', label: 'Write a verse', category: 'lyrics' },
    { kind: 'navigate', label: 'Generate cover art', category: 'coverart' },
    { kind: 'navigate', label: 'Marketing advice', category: 'marketing' },
    { kind: 'navigate', label: 'Song feedback', category: 'review' },
  ],
  lyrics: [
    { kind: 'fill', label: 'Write a hook', text: 'Write a catchy hook about ' },
    { kind: 'fill', label: 'Write a verse', text: 'Write a 16-bar verse about ' },
    { kind: 'fill', label: 'Write a bridge', text: 'Write a bridge that connects my verse and hook about ' },
    { kind: 'fill', label: 'Fix my rhymes', text: 'Improve the rhymes in these lines:\n' },
  ],
  coverart: [
    { kind: 'fill', label: 'Minimalist design', text: 'A minimalist cover design for my track about ' },
    { kind: 'fill', label: 'Street art style', text: 'A street art style cover with graffiti elements for ' },
    { kind: 'fill', label: 'Abstract concept', text: 'An abstract cover concept that captures the feeling of ' },
    { kind: 'fill', label: 'Photography based', text: 'A photography-based cover showing ' },
  ],
  marketing: [
    { kind: 'fill', label: 'Social media plan', text: 'Create a social media plan for my next release: ' },
    { kind: 'fill', label: 'Release strategy', text: 'Plan a release strategy for my single ' },
    { kind: 'fill', label: 'Collaboration ideas', text: 'Suggest collaboration ideas for an artist who makes ' },
    { kind: 'fill', label: 'Promotion tactics', text: 'What promotion tactics would work for my track ' },
  ],
  review: [
    { kind: 'fill', label: 'Review my lyrics', text: 'Review these lyrics and be honest:\n' },
    { kind: 'fill', label: 'Improve my flow', text: 'How can I improve the flow of these bars:\n' },
    { kind: 'fill', label: 'Structure feedback', text: 'Give feedback on the structure of my song: ' },
    { kind: 'fill', label: 'Commercial potential', text: 'How commercial is this track, and what would make it more so: ' },
  ],
};
