import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'mixing-rap-vocals',
  title: 'Mixing rap vocals',
  summary:
    'A clear rap vocal comes from editing first, then a high-pass filter and gentle EQ cuts, firm compression, de-essing, reverb and delay on sends, and doubles and ad-libs that support the lead without fighting it.',
  tags: ['mixing', 'mix', 'vocals', 'vocal mix', 'EQ', 'compression', 'de-essing', 'de-esser', 'reverb', 'delay', 'ad-libs', 'adlibs', 'doubles', 'saturation', 'vocal chain', 'plugins'],
  tools: ['chat', 'review'],
  body: `In rap, the vocal is the song. Listeners forgive an average beat but not a vocal they cannot understand. A clean, upfront, consistent vocal that sits on top of the beat is the goal of most rap mixes.

## Prepare the vocal first

Before reaching for plugins, edit. Comp the best takes, tighten timing where a word drags, remove clicks, mouth noises and loud breaths (or turn breaths down rather than deleting all of them, which can sound unnatural). Fade every edit. Gain-ride or clip-gain any words that jump out or drop off so the compressor has less work to do.

Use a reference track: a professional song in a similar style, level-matched, to compare against while you mix.

## EQ: clear space for the voice

- Use a **high-pass filter** to remove rumble below the voice, often somewhere around 70 to 120 Hz depending on the voice. Do not cut so high that the voice goes thin.
- Look for **muddiness** in the low mids (roughly 200 to 500 Hz) and cut gently if the vocal sounds boxy.
- Harshness usually lives in the upper mids (roughly 2 to 5 kHz). Cut narrow resonances rather than the whole range.
- A gentle boost in the presence range or a wide "air" shelf up high can add clarity. Boost less than you think.
- EQ the beat too: a small dip in the beat where the vocal's presence sits can do more than boosting the vocal.

## Compression for consistency

Rap vocals are usually compressed firmly so every word is audible. Typical starting points: a ratio of around 3:1 to 4:1, a fast-to-medium attack, a medium release, and a few decibels of gain reduction on the loud parts. Two compressors in series, each doing a little, often sound more natural than one working hard: for example, a fast one catching peaks, then a slower one smoothing the overall level. Listen for pumping or squashed consonants and back off if you hear them.

## De-essing

Compression and bright EQ make "s", "sh" and "t" sounds louder. A **de-esser** turns down these sibilants, typically somewhere in the 5 to 9 kHz range depending on the voice. Set it so sibilance is smooth but lyrics are still clear. A lisp-sounding vocal means too much de-essing.

## Reverb and delay

Modern rap vocals are often fairly dry up front, with space added subtly.

- Put reverb and delay on **send/aux tracks** so you can blend them and EQ the returns (cut the lows and some highs from the reverb).
- A short room or plate reverb with a little pre-delay adds depth without pushing the vocal back.
- Tempo-synced delays (quarter or eighth notes) add width and vibe. Use **delay throws**: automate the delay up on the last word of a line or a key phrase instead of leaving it on everything.

## Doubles and ad-libs

- **Doubles** (stacking a second take on key words or the hook) add weight. Keep them lower than the lead, often panned slightly or cut so only the end words of bars are doubled.
- **Ad-libs** should sound different from the lead: pan them left and right, lower their level, filter them (a telephone-style band-pass), or give them their own reverb or delay. They should answer the lead vocal, not fight it.
- The hook can be bigger than the verses: more stacks, wider harmonies, a touch more effects.

## Final checks

- Listen at low volume: can you understand every word?
- Check in mono and on phone speakers, earbuds and a car.
- Compare with your reference at matched loudness.
- Leave headroom on the mix bus (peaks a few dB below 0 dBFS) for mastering.`,
};

export default article;
