import { normaliseForIndex } from './text';

/**
 * Query expansion for artist slang and abbreviations. Each rule looks at the raw question and,
 * when it matches, adds terms the articles actually use. Rules marked `replace` also remove the
 * matched words from the question because they are ambiguous on their own ("PRO" would otherwise
 * prefix-match "producer" and "promotion").
 */
export interface SynonymRule {
  pattern: RegExp;
  expand: string;
  replace?: boolean;
}

export const SYNONYM_RULES: readonly SynonymRule[] = [
  // Royalties and rights
  { pattern: /\bPROs?\b/g, expand: 'performing rights organization', replace: true },
  { pattern: /\bp\.r\.o\.?s?\b/gi, expand: 'performing rights organization', replace: true },
  { pattern: /\b(?:get|gets|getting|got|be|being) paid\b/gi, expand: 'royalties' },
  { pattern: /\b(?:get|getting|got) (?:my |our )?(?:music |songs? |tracks? )?(?:on|onto|played on) (?:the )?radio\b/gi, expand: 'college radio promotion' },
  { pattern: /\b(?:airplay|airtime)\b/gi, expand: 'radio' },
  { pattern: /\b(?:points|royalty points)\b/gi, expand: 'royalty points master' },
  { pattern: /\bpub\b/gi, expand: 'publishing', replace: true },
  { pattern: /\bmechs?\b/gi, expand: 'mechanical royalties', replace: true },
  { pattern: /\bsplits?\b/gi, expand: 'split sheet' },
  { pattern: /\b(?:copywrite|copywright|copyrite)s?\b/gi, expand: 'copyright', replace: true },
  { pattern: /\bnon[- ]?interactive\b/gi, expand: 'soundexchange' },
  {
    pattern: /\bper[- ]?(?:\d+[kK]? )?streams?\b|\bpay(?:s|outs?)? per\b|\bhow much (?:do|does|will|would|can|money)\b[^?]*\b(?:spotify|apple music|youtube|tidal|streams?|streaming)\b[^?]*\bpa(?:y|ys|id)\b|\bstreams? (?:to make|for) \$?\d/gi,
    expand: 'per-stream payout streaming royalties',
  },
  // Business
  { pattern: /\bdistros?\b/gi, expand: 'distribution distributor', replace: true },
  { pattern: /\b(?:get|getting|put|putting|upload|uploading|release|releasing) (?:my |our |a |the )?(?:music|songs?|tracks?|single|album|ep|mixtape) (?:on|onto|to|out on) (?:spotify|apple music|streaming|itunes|amazon|tidal|deezer|all platforms)\b/gi, expand: 'distribution distributor' },
  { pattern: /\b(?:a ?& ?r|a and r|a ?n ?r)s?\b/gi, expand: 'artists repertoire', replace: true },
  { pattern: /\b(?:record deal|label deal|record label|contracts?|signing|get signed)\b/gi, expand: 'contract record deal' },
  { pattern: /\b(?:attorney|lawyer)s?\b/gi, expand: 'lawyer' },
  { pattern: /\b(?:taxes|irs|hmrc|accountant)\b/gi, expand: 'tax' },
  { pattern: /\bmerch\b/gi, expand: 'merchandise' },
  { pattern: /\b(?:t-?shirts?|hoodies?|apparel)\b/gi, expand: 'merch' },
  { pattern: /\bepks?\b/gi, expand: 'electronic press kit', replace: true },
  { pattern: /\bmanagers?\b/gi, expand: 'manager management' },
  // Beats, samples, sync
  { pattern: /\btype beats?\b/gi, expand: 'beat lease' },
  // Buying or using someone's beat is a licensing question; making or mixing one is not.
  {
    pattern: /\b(?:buy|bought|buying|purchas\w*|leas\w*|licen[cs]\w*|rights?|free|found|download\w*|steal\w*|sell\w*)\b[^.?!]{0,40}\b(?:beats?|instrumentals?)\b|\b(?:use|using|rap on|rapping on)\s+(?:(?!to\b)\w+\s+){0,3}(?:beats?|instrumentals?)\b|\b(?:beats?|instrumentals?)\b[^.?!]{0,30}\b(?:leas\w*|licen[cs]\w*|rights|exclusives?|free|youtube|online|download\w*|stream cap)\b/gi,
    expand: 'beat lease licence',
  },
  { pattern: /\b(?:prod|prod\.? by|beatmakers?|beat makers?)\b/gi, expand: 'producer' },
  { pattern: /\bsample rates?\b|\bbit depth\b/gi, expand: 'recording 24-bit khz', replace: true },
  { pattern: /\b(?:sample|samples|sampled|sampling|flip|flipping|chop|chopping)\b/gi, expand: 'sample clearance' },
  { pattern: /\bsynch?\b/gi, expand: 'sync licensing placement', replace: true },
  // "TV show" is about sync, not live shows, so the phrase replaces both words.
  { pattern: /\b(?:tv|television|netflix|streaming) (?:shows?|series|episodes?)\b/gi, expand: 'tv sync placement', replace: true },
  { pattern: /\b(?:tv|television|movies?|films?|adverts?|trailers?|video games?)\b/gi, expand: 'sync placement film tv' },
  // Marketing
  { pattern: /\bplaylists?\b/gi, expand: 'playlist pitching' },
  { pattern: /\bpitch(?:ing|ed)?\b/gi, expand: 'pitching playlist' },
  { pattern: /\bpre[- ]?(?:saves?|saving|adds?)\b/gi, expand: 'pre-save', replace: true },
  { pattern: /\b(?:rollout|roll out|drop|dropping)\b/gi, expand: 'release plan' },
  { pattern: /\b(?:ig|insta|gram)\b/gi, expand: 'instagram social media', replace: true },
  { pattern: /\b(?:tiktok|tik tok|reels|shorts)\b/gi, expand: 'short-form video social media' },
  { pattern: /\b(?:feat|ft|feature|features|featuring|guest verse)\b/gi, expand: 'feature collaboration' },
  { pattern: /\bcollabs?\b/gi, expand: 'collaboration', replace: true },
  { pattern: /\bdms?\b/gi, expand: 'direct message networking', replace: true },
  { pattern: /\b(?:fans?|fanbase|followers|audience)\b/gi, expand: 'fan base' },
  { pattern: /\b(?:promo|promote|promoting)\b/gi, expand: 'promotion' },
  { pattern: /\b(?:no|zero|low|small|tight|without a?) ?(?:budget|money|cash)\b|\bfor free\b|\bbroke\b/gi, expand: 'free cheap', replace: true },
  { pattern: /\b(?:nobody|no one|no-one|nobodys) (?:is )?(?:listening|streaming|hearing|watching)|\b(?:more|get|getting) (?:streams|listeners|plays|views)\b/gi, expand: 'promotion fan base' },
  { pattern: /\b(?:gigs?|concerts?|shows?|perform live|performing live)\b/gi, expand: 'live shows booking' },
  { pattern: /\b(?:vids?|visuals?)\b/gi, expand: 'music video' },
  { pattern: /\b(?:yt)\b/gi, expand: 'youtube', replace: true },
  { pattern: /\bcontent ?id\b/gi, expand: 'content id claim' },
  // Studio: production
  { pattern: /\bbpms?\b|\bbeats per minute\b/gi, expand: 'bpm tempo' },
  { pattern: /\btempos?\b|\bhow fast\b/gi, expand: 'tempo bpm' },
  { pattern: /\bboom[- ]?bap\b/gi, expand: 'boom-bap', replace: true },
  { pattern: /\blo[- ]?fi\b/gi, expand: 'lo-fi', replace: true },
  { pattern: /\bafro(?:beats?|beat|pop|swing)?\b/gi, expand: 'afrobeats', replace: true },
  { pattern: /\br\s*(?:&|n|and)\s*b\b/gi, expand: 'rnb', replace: true },
  { pattern: /\bhi[- ]?hats?\b|\bhihats?\b/gi, expand: 'hats hi-hats', replace: true },
  { pattern: /\bauto[- ]?tun(?:e|ed|es|ing)\b/gi, expand: 'autotune pitch correction', replace: true },
  { pattern: /\bside[- ]?chain(?:ing|ed)?\b|\bducking\b/gi, expand: 'sidechain', replace: true },
  { pattern: /\bde[- ]?ess\w*/gi, expand: 'de-essing de-esser sibilance', replace: true },
  { pattern: /\bfl ?studio\b|\bfruity ?loops\b|\bableton\b|\blogic pro\b|\bgarage ?band\b|\bband ?lab\b|\bdaws?\b/gi, expand: 'daw' },
  { pattern: /\b(?:stems|track ?outs|multi ?tracks)\b/gi, expand: 'stems trackouts' },
  { pattern: /\b(?:low|bottom)[- ]end\b|\bsub[- ]?bass\b/gi, expand: 'low end sub bass' },
  { pattern: /\b(?:off|out of) key\b|\bout of tune\b|\bdetuned\b/gi, expand: 'key tuning' },
  { pattern: /\b(?:slides?|sliding|glides?|gliding|portamento)\b/gi, expand: 'glide slide' },
  { pattern: /\b(?:muddy|mud|boomy|clash\w*)\b/gi, expand: 'muddy masking' },
  { pattern: /\b(?:in|on) (?:the|my|a|your) car\b|\bcar (?:test|check|speakers?|stereo)\b|\bphone speakers?\b|\bearbuds\b|\bairpods\b/gi, expand: 'translation reference car phone earbuds' },
  { pattern: /\bsit(?:s|ting)? (?:in|on|on top of|with) (?:the|my) (?:beat|mix|instrumental)\b/gi, expand: 'vocal mix mixing' },
  { pattern: /\bpresets?\b|\bplugin order\b|\border of plugins\b/gi, expand: 'vocal chain preset' },
  {
    pattern: /\b(?:drums?|hats|hi-?hats|snares?|kicks?|patterns?|groove)\b[^.?!]{0,30}\b(?:robotic|stiff|mechanical|lifeless|static|too perfect|on the grid)\b|\b(?:robotic|stiff|mechanical|lifeless|static|too perfect)\b[^.?!]{0,30}\b(?:drums?|hats|hi-?hats|snares?|kicks?|patterns?|groove)\b/gi,
    expand: 'velocity swing humanise groove',
  },
  // Studio: mixing and mastering
  { pattern: /\b(?:loud|louder|loudest|quiet|volume)\b/gi, expand: 'loudness lufs mastering' },
  { pattern: /\blufs\b/gi, expand: 'loudness mastering' },
  { pattern: /\bmics?\b/gi, expand: 'microphone', replace: true },
  { pattern: /\bverb\b/gi, expand: 'reverb', replace: true },
  { pattern: /\beq(?:ing)?\b/gi, expand: 'eq mixing' },
  { pattern: /\badlibs?\b/gi, expand: 'ad-libs', replace: true },
  // Writing
  { pattern: /\b(?:bars|16s|sixteens?)\b/gi, expand: 'verse bars' },
  { pattern: /\bchorus(?:es)?\b/gi, expand: 'hook' },
  { pattern: /\bhow long should (?:my|a|the|an) (?:song|track)\b|\bsong length\b/gi, expand: 'song length structure' },
  // The length of one section is counted in bars.
  { pattern: /\bhow long (?:should|is|are|do) (?:my|a|the|an) (?:verse|intro|hook|outro|bridge|chorus)s?\b/gi, expand: 'bars' },
  { pattern: /\bmultis\b/gi, expand: 'multisyllabic rhymes', replace: true },
  // Cover art
  { pattern: /\b(?:artwork|album art|cover image|album cover|single cover)\b/gi, expand: 'cover art' },
  { pattern: /\bgraffiti\b/gi, expand: 'street art' },
  {
    pattern: /\b(?:cover|artwork|art|image|picture)\b[^.?!]*\b(?:size|dimensions?|resolution|specs?|pixels?|px)\b|\b(?:size|dimensions?|resolution|specs?)\b[^.?!]*\b(?:cover|artwork|art|image|picture)\b/gi,
    expand: 'pixels specs',
  },
];

export interface ExpandedQuery {
  /** The question with ambiguous slang removed. */
  base: string;
  /** Extra terms contributed by the rules (deduplicated). */
  expansion: string;
  /** For each slang word removed from the question, the expansion that stands in for it. */
  replaced: string[];
  /**
   * For rules that keep the words they matched: the matched words and their expansion, so a word
   * the articles phrase differently ("movies" -> "sync placement") still counts as answered.
   */
  linked: { words: string; expand: string }[];
}

export function expandQuery(question: string): ExpandedQuery {
  let base = normaliseForIndex(question);
  const extra: string[] = [];
  const replaced: string[] = [];
  const linked: { words: string; expand: string }[] = [];
  for (const rule of SYNONYM_RULES) {
    rule.pattern.lastIndex = 0;
    const found = base.match(rule.pattern);
    rule.pattern.lastIndex = 0;
    if (!found) continue;
    extra.push(rule.expand);
    if (rule.replace) {
      base = base.replace(rule.pattern, ' ');
      replaced.push(rule.expand);
    } else {
      linked.push({ words: found.join(' '), expand: rule.expand });
    }
  }
  const seen = new Set<string>();
  const words: string[] = [];
  for (const w of extra.join(' ').split(/\s+/)) {
    const k = w.toLowerCase();
    if (k && !seen.has(k)) {
      seen.add(k);
      words.push(w);
    }
  }
  return { base: base.replace(/\s+/g, ' ').trim(), expansion: words.join(' '), replaced, linked };
}
