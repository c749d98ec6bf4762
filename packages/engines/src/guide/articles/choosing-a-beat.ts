import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'choosing-a-beat',
  title: 'Choosing the right beat for your voice',
  summary:
    'Pick a beat that leaves space for your voice, sits at a tempo and in a key you can ride comfortably, still excites you after many listens, and comes with a licence that covers how you plan to release the song.',
  tags: ['pick a beat', 'picking beats', 'choosing a beat', 'choose beats', 'beat selection', 'right beat', 'beat for my voice', 'find beats', 'beat shopping', 'pocket', 'space for vocals', 'fits my style', 'good beat'],
  tools: ['chat', 'review'],
  body: `The beat decides half of how a song is received, and many artists pick one because the first ten seconds sounded hard. A few checks before you write save you from finishing a song on a beat that fights you.

## Space for your voice

A beat that sounds amazing alone can leave nowhere for a vocal. Listen for:

- A busy melody or loud sample playing through the range where your voice sits, which will mask your words.
- Constant changes, vocal chops or a lead line that never rests.
- A clear pocket: a drum pattern you can lock into and gaps where lines can land.

Beats made to be rapped on often sound a little empty on their own. That is usually a good sign.

## Tempo, key and your range

Freestyle or mumble a flow over it. Can you find a pocket without rushing or dragging? A wordy writer needs room; a melodic artist needs chords that suit their singing range. Hum a hook idea: if you strain to reach the notes that fit the key, the beat may be in the wrong key for you. Producers can often transpose a beat or shift its tempo slightly if you ask before you record.

## Live with it before you commit

Loop the beat while you do something else. A beat you still want to hear after twenty plays will survive a three-minute song and a year of performing it. Play it next to songs you love in the same lane. Ask yourself whether it sounds like you or only like the artist the beat was made to imitate.

## Quality checks

- Is the mix clean: a controlled 808, no clipping, drums that hit at normal volume?
- Does it have sections, or is it one loop for three minutes? Can the producer send trackouts so an engineer can mix your vocal properly?
- Does the hook section lift, so your hook has somewhere to go?
- Is it tagged, and will you get an untagged version?

## The business check

Before you record seriously, know what you are allowed to do with the beat. Read the lease or licence terms: stream and sales limits, video and monetisation rights, the producer's publishing share and credit. Ask whether it contains samples and whether they are cleared. For a song you plan to push hard, consider an exclusive licence or a custom beat so nobody else releases on it.

## Where to find beats

Producers in your city and your network, producer communities online, beat stores and "type beat" searches, and producers whose credits you see on songs you like. The best beats often come from building a relationship with a few producers who learn your voice and start making beats with you in mind.`,
};

export default article;
