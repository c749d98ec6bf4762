import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'writing-hooks',
  title: 'Writing hooks that stick',
  summary:
    'A hook works when it is short, simple and repetitive, carries the song\'s title and main feeling, and contrasts with the verses; hum melodies over the beat before writing words, and test it the next day.',
  tags: ['hook', 'hooks', 'chorus', 'write a hook', 'catchy', 'melody', 'refrain', 'earworm', 'song title', 'chant', 'singing', 'catchy chorus'],
  tools: ['chat', 'lyrics', 'review'],
  body: `The hook is the part people remember, sing back and use in their videos. Verses show your skill; the hook decides whether the song gets replayed. A great hook is usually simpler than you expect.

## What makes a hook work

- **Simplicity**: short phrases, common words, an idea that fits in one line. If a listener cannot sing it back after two plays, simplify.
- **Repetition**: repeating a phrase, with small variations, is what makes it stick. What feels repetitive when writing feels catchy to a listener.
- **Contrast with the verses**: change the rhythm, energy, melody or density so the hook stands out. Dense verses often pair well with a sparse, spacious hook.
- **A title in the hook**: the song's title usually appears in the hook, often at the start or end, so people can find the song.
- **Emotion**: the hook should carry the song's main feeling or statement, the thing the whole song is about.

## How to write a hook step by step

1. **Find the concept**: summarise the song in a few words. That phrase is often your hook or title.
2. **Hum before you write.** Loop the beat and freestyle melodies or rhythms with nonsense syllables until one sticks. Record everything on your phone.
3. **Fit words to the best melody or rhythm**, keeping the vowel sounds that felt good.
4. **Structure it**: a common shape is a line, a variation of that line, the line again, and a closing line that resolves (often 4 or 8 bars in total).
5. **Test it**: sing it the next day without looking. If you forgot it, others will too.

## Rapped, sung or chanted

- **Sung hooks** with a simple melody have broad appeal and work well on playlists and radio.
- **Rapped hooks** work when the rhythm is distinctive and the phrase is quotable.
- **Chant hooks** (shouted, call-and-response, gang vocals) are great for live shows and energetic tracks.

You do not need to be a trained singer. Many memorable hooks use a narrow range of just a few notes. Doubles, harmonies and ad-libs can make a simple hook feel big.

## Common hook mistakes

- Too many words or ideas; the hook becomes a fifth verse.
- A melody that wanders without repeating.
- Waiting too long to reach the hook; many modern songs get to it within the first 30 seconds or start with it.
- A hook that does not match the verses' topic or mood.
- Over-complicated wordplay; save that for the verses.

## Short-form video and hooks

Hooks are often the part of a song that spreads on short-form video. A phrase that can caption a situation, a moment that invites a dance or a reaction, or a line people want to lip-sync gives your hook a life beyond the song. Do not write only for trends, but notice which parts of your songs people respond to.`,
};

export default article;
