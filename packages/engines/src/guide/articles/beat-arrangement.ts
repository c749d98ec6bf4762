import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'beat-arrangement',
  title: 'Arranging a beat: 8- and 16-bar sections, drops and switch-ups',
  summary:
    'Most rap beats are built from 4-bar phrases grouped into 8- and 16-bar sections: an intro of about 4 to 8 bars, 8-bar hooks and 16-bar verses, with drops, filters and added or removed sounds marking each change.',
  tags: ['arrangement', 'arrange', 'arranging', 'beat arrangement', 'bars', '8 bars', '16 bars', 'intro', 'drop', 'beat switch', 'switch-up', 'transition', 'loop', 'build', 'breakdown', 'riser', 'sections', 'beat structure'],
  tools: ['chat', 'review'],
  body: `A loop is not yet a beat. Arrangement turns an 8-bar idea into a song a rapper can write to: clear sections, changes the listener can feel, and space where the vocal needs it.

## Sections in bars

A bar is four beats. Most rap beats move in **4-bar phrases**, grouped into sections:

- **Intro**: about 4 to 8 bars, often a stripped or filtered version of the loop, sometimes with the producer tag.
- **Hook**: 8 bars is the most common length.
- **Verse**: 16 bars is the classic length; 8 and 12 are common in shorter songs.
- **Bridge or breakdown** (optional): 4 to 8 bars of contrast.
- **Outro**: 4 to 8 bars, or end on the final hook.

Changes landing on the first beat of a 4- or 8-bar phrase feel natural; odd lengths can work, but use them on purpose.

## From loop to song

Start with your full 8-bar loop, then make versions of it: a stripped version (melody alone or filtered), a verse version with lighter drums and space in the midrange for the vocal, and a hook version with everything in. Lay them out section by section. A simple plan: intro (stripped), hook (full), verse (verse version), hook, verse, hook, outro.

## Drops and transitions

Changes between sections are where a beat feels alive.

- **Drop out** the drums, or everything except the melody, for the last bar or half-bar before a hook, then bring it all back on the downbeat.
- Hold the 808 back and let its first note land on the first beat of the hook.
- Use a **riser**, a reverse cymbal, a snare roll or a filter sweep to lead into a new section.
- Cut the kick for two bars inside a verse to let a line stand out.

To make a drop hit harder, make the moment before it emptier: the contrast does the work.

## Keep the verse moving

Sixteen bars of the same loop can get tiring. Change something every four or eight bars: add or remove a hi-hat pattern, switch the 808 rhythm, bring in a counter-melody for the second half, or filter the melody for a few bars. Keep the changes out of the vocal's way; the beat should support the verse, not compete with it.

## Beat switches

A **beat switch** changes the beat partway through a song: a new tempo, key, drum pattern or a whole new section. It works best at a natural break, such as after the second hook or between verses, and when the second part has a clear reason to exist: a change of mood, a new perspective, a surprise ending. Tell the rapper about it before they write.

## Arranging beats for other artists

If you sell or send beats, arrange them so a rapper can hear the structure: a short intro, clear hook and verse sections, and changes every 8 or 16 bars. Keep the producer tag short and near the start. Offer the trackout files so the artist or engineer can rearrange sections to fit the song.`,
};

export default article;
