import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'song-structure',
  title: 'Song structure: intros, verses, hooks and bridges',
  summary:
    'A common rap structure is a short intro, an 8-bar hook, verses of 12 to 16 bars with the hook between them, an optional bridge and a final hook; many current songs are two to three minutes with the hook arriving early.',
  tags: ['structure', 'song structure', 'arrangement', 'bridge', 'write a bridge', 'intro', 'outro', 'pre-hook', 'pre-chorus', 'verse', 'hook', 'song length', 'structure feedback', 'format'],
  tools: ['chat', 'lyrics', 'review'],
  body: `Structure is the order in which a song delivers its parts. Good structure keeps attention from the first second to the last, and in the streaming era the first seconds matter more than ever.

## A common rap song structure

A typical layout looks like this:

- **Intro** (about 4 bars, often shorter): sets the mood; a tag, a short ad-lib or a piece of the hook.
- **Hook** (8 bars): some songs open with it to grab attention immediately.
- **Verse 1** (12 to 16 bars).
- **Hook**.
- **Verse 2** (12 to 16 bars), sometimes a feature.
- **Hook**.
- **Bridge or verse 3** (optional).
- **Final hook and outro**.

Many current rap songs are short, roughly two to three minutes, with shorter verses (8 or 12 bars) and the hook arriving quickly. There is no rule; choose what serves the song.

## Getting the listener in fast

On streaming platforms, listeners skip quickly. Avoid long intros with nothing happening. Start with the hook, a strong first bar, or a distinctive sound. Put the best idea early rather than saving it for the end.

## How to write a bridge

A **bridge** is a section that contrasts with everything else, usually placed after the second hook, to refresh the listener before the final hook. Ways to create one:

- **Change the perspective**: answer the rest of the song, reveal a twist, or speak to someone directly.
- **Change the delivery**: switch from rapping to singing, or from a dense flow to a slow, spoken one.
- **Change the beat**: drop the drums, filter the beat, change the 808 pattern or add a new sound for 4 to 8 bars.
- **Change the energy**: quieter and more intimate, or building up to an explosive final hook.

Keep it short. A bridge that is too long loses the momentum it is meant to build. Not every rap song needs one: a beat switch, a short third verse or a breakdown can do the same job.

## Pre-hooks, intros and outros

A **pre-hook** (pre-chorus) is a short section, often 2 to 4 bars, that builds tension into the hook with a change in rhythm or melody. An **outro** can repeat the hook, fade out, or give a final statement. Keep intros and outros short unless they add something special.

## Structure feedback checklist

- Does something interesting happen in the first 10 seconds?
- How long does it take to reach the hook? Can it come sooner?
- Do the verses differ enough from each other to keep interest?
- Does the energy rise across the song, with a change before the final hook?
- Is any section longer than it needs to be? Try cutting it and listen again.
- Does the ending feel intentional?

## Use arrangement, not just lyrics

Structure also lives in the beat. Dropping elements in the first verse and bringing them in later, stripping the drums for a bar before the hook, or adding a counter-melody in the last hook all keep a song moving. Talk to your producer about arrangement changes that support the lyrics.`,
};

export default article;
