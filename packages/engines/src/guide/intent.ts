/**
 * Requests to *make* something ("write me a hook about grinding", "make me a trap beat") are not
 * questions the guide can answer: it has articles, not a model. This module recognises them, and
 * names the app's tool that does the job, so the answer can say so in two sentences instead of
 * quoting an article at length.
 */

/** The app's tools an answer can send the artist to (the Studio is not a chat tool type). */
export type GuideTool = 'lyrics' | 'studio' | 'coverart' | 'marketing' | 'review';

export interface GuideToolInfo {
  /** The tool's name as shown in the app's menu. */
  name: string;
  /** What the tool is for, in the app's own words. */
  does: string;
  /** What the guide cannot do, completing "The built-in guide can't ...". */
  cannot: string;
  /** A question the guide can answer on the same subject. */
  ask: string;
}

export const GUIDE_TOOLS: Readonly<Record<GuideTool, GuideToolInfo>> = {
  lyrics: {
    name: 'Lyric Assist',
    does: 'write in a notepad with next-line ideas and scored feedback on every draft',
    cannot: 'write lyrics for you',
    ask: '"how do I write a hook?" or "how can I fix my rhymes?"',
  },
  studio: {
    name: 'Studio',
    does: 'generate beats in the style you describe',
    cannot: 'make beats',
    ask: '"what BPM is trap?" or "how do I tune my 808?"',
  },
  coverart: {
    name: 'Cover Art',
    does: 'generate cover art from your track and its title',
    cannot: 'create images',
    ask: '"what size should my cover art be?" or "ideas for a minimalist cover"',
  },
  marketing: {
    name: 'Marketing Plan',
    does: 'get a release and promotion plan built around your song',
    cannot: 'write a plan for your release',
    ask: '"when should I pitch to Spotify playlists?" or "how do I promote my music?"',
  },
  review: {
    name: 'Song Review',
    does: 'get scores for flow, lyrics and more, with written notes',
    cannot: 'hear or read your track',
    ask: '"how do I review my own track?" or "how do I improve my flow?"',
  },
};

/** What each tool makes, as the nouns artists use for it. */
const OBJECTS: readonly [GuideTool, RegExp][] = [
  ['coverart', /^(?:cover|covers|artwork|artworks|art|logo|logos|image|images|picture|pictures|pic|pics|thumbnail|thumbnails)$/],
  ['marketing', /^(?:marketing|plan|plans|rollout|rollouts|campaign|campaigns|strategy|strategies)$/],
  ['studio', /^(?:beat|beats|instrumental|instrumentals|808|808s|melody|melodies|loop|loops|drums|bassline)$/],
  ['lyrics', /^(?:hook|hooks|chorus|choruses|verse|verses|bars|16s|sixteens|lyric|lyrics|rap|raps|song|songs|freestyle|freestyles|rhyme|rhymes|line|lines|punchline|punchlines|bridge|poem|diss|outro)$/],
];

/** Words that may stand between the verb and what is to be made: "me a hard hitting drill beat". */
const FILLER = /^(?:me|us|for|a|an|some|the|another|one|few|couple|of|up|quick|new|\d+|two|three|four|eight|twelve|sixteen)$/;
/** Whose thing it is: "make my 808 hit harder" is a how-to question, "make me a beat" is a request. */
const OWNED = /^(?:my|our|your|his|her|their|this|that)$/;
/** Asking for information about making something is a question: "give me tips for writing a hook". */
const ASKS_ABOUT = /^(?:tips?|advice|help|info|information|guide|guidance|steps|rundown|breakdown|how|what|why|when|where|which|explain|example|examples|list|checklist|overview|resources?|feedback)$/;

const LEAD_IN =
  /^(?:(?:yo|hey|hi|ok|okay|so|pls|please|plz|bro|fam|bruh|ayy?|aye|now|just|quickly|and)[\s,!.]+)*(?:(?:can|could|would|will|wanna|want to) (?:you|u|ya)(?: please| pls| plz| just)? |(?:i )?(?:need|want) (?:you|u) to |(?:please|pls|plz) |(?:can you |could you |u )?help me (?:to )?|let'?s |lets )?/;
const MAKE_VERB = /^(?:write|make|generate|create|produce|cook|give|gimme|drop|spit|draw|design|compose|craft|build|whip)$/;
const WORK = '(?:my|this|the|our) (?:new |latest |first |last )?(?:song|track|verse|lyrics|hook|beat|mix|demo|bars|music|record|master|mixtape|tape|ep|album|single|snippet)\\b';
const REVIEW = new RegExp(
  `^(?:(?:yo|hey|hi|ok|okay|so|pls|please|plz|bro|fam)[\\s,!.]+)*(?:(?:can|could|would|will) (?:you|u|ya)(?: please| pls)? |(?:please|pls|plz) )?(?:review|rate|critique|grade|judge|score|roast|check out|listen to|give me feedback on|feedback on|what do (?:you|u|ya) think (?:of|about)|tell me what (?:you|u) think (?:of|about)|thoughts on|how good is) ${WORK}`,
);
const IS_IT_GOOD = new RegExp(`^is ${WORK} (?:any )?(?:good|fire|hard|trash|bad|decent|mid|hot|ready|catchy)\\b`);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The tool a message asks to have something made in, or undefined for a question.
 * "write me a hook about grinding" -> 'lyrics'; "cook me up a drill beat" -> 'studio';
 * "how do I write a hook" and "make my 808 hit harder" -> undefined.
 */
export function detectToolRequest(message: string): GuideTool | undefined {
  const text = message.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  if (REVIEW.test(text) || IS_IT_GOOD.test(text)) return 'review';
  // "should I write the hook or the verse first?" is a question, even though it starts with a verb.
  if (/\?\s*$/.test(text) && /\b(?:or|first|should|how|what|which|why)\b/.test(text)) return undefined;
  const rest = text.replace(LEAD_IN, '');
  const w = words(rest);
  if (!w.length || !MAKE_VERB.test(w[0])) return undefined;
  // Up to three describing words ("a hard drill beat") between the filler and the object.
  let describing = 0;
  for (const word of w.slice(1, 9)) {
    if (OWNED.test(word) || ASKS_ABOUT.test(word)) return undefined;
    // The first noun decides: "cover art", "marketing plan", "a beat for my verse".
    const tool = OBJECTS.find(([, nouns]) => nouns.test(word))?.[0];
    if (tool) return tool;
    if (FILLER.test(word)) continue;
    if (++describing > 3) break;
  }
  // "spit me 16", "gimme a sixteen": a number of bars on its own.
  return w.slice(1, 5).some((word) => word === '16' || word === 'sixteen') ? 'lyrics' : undefined;
}

/**
 * What to search the guide for when a request is made inside the tool that fulfils it: the request
 * without its subject ("write me a hook about grinding" -> "write me a hook"), since the guide's
 * how-to articles are about the hook, not about grinding.
 */
export function requestWithoutSubject(message: string): string {
  return message.replace(/\s+(?:about|on|for|that|which|with|like|called|titled)\b[\s\S]*$/i, '').trim() || message;
}

const HINTS: readonly [GuideTool, RegExp][] = [
  ['review', /\b(?:feedback|review|rate|critique|opinion)\b/],
  ['coverart', /\b(?:cover|artwork|album art|thumbnail)\b/],
  ['lyrics', /\b(?:lyrics?|hooks?|verses?|bars|rhymes?|chorus|punchlines?|writing|write)\b/],
  ['studio', /\b(?:beats?|808s?|drums?|instrumentals?|melod(?:y|ies)|producing|production|sample)\b/],
  ['marketing', /\b(?:release|rollout|promo|promotion|promote|marketing|campaign)\b/],
];

/** The tool closest to what an unanswered question is about, if any (for the no-match answer). */
export function toolHint(message: string): GuideTool | undefined {
  const text = message.toLowerCase();
  return HINTS.find(([, pattern]) => pattern.test(text))?.[0];
}
