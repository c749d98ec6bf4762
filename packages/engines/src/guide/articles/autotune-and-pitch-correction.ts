import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'autotune-and-pitch-correction',
  title: 'Auto-Tune and pitch correction for rap vocals',
  summary:
    'Set the pitch corrector to the key and scale of the beat, then choose the retune speed: fast for the hard, robotic melodic-rap sound, slower for natural correction. It works best on a vocal that is already close to the right notes.',
  tags: ['auto-tune', 'autotune', 'auto tune', 'pitch correction', 'pitch correct', 'Melodyne', 'retune speed', 'tuning vocals', 'hard tune', 'melodic rap', 'robotic vocals', 'key and scale', 'vocal tuning', 'off key', 'flat'],
  tools: ['chat', 'review'],
  body: `Pitch correction moves sung notes to the nearest note of a scale. Used lightly, it tidies a melody nobody should notice; used hard, it becomes the robotic, stepped sound of a lot of melodic rap. Antares Auto-Tune made the effect famous, and most DAWs now include a pitch-correction plugin of their own.

## Set the key and scale first

Pitch correction needs to know which notes are allowed. Set it to the **key and scale of the beat**, for example C minor. With the wrong key it pulls notes onto wrong pitches, which sounds worse than no correction at all. If you do not know the key, find it by ear or with a key-detection tool, or ask the producer; beat stores often list it. A chromatic setting (all twelve notes allowed) is a safe fallback for gentle correction, but it cannot create the hard-tuned effect cleanly because every note is a target.

## Retune speed and humanise

**Retune speed** sets how fast a note is pulled to pitch.

- **Fast** (at or near the fastest setting): notes snap instantly, giving the hard, stepped sound.
- **Slower** settings: natural slides and vibrato survive, so the correction is subtle.

A **humanise** control, where available, leaves sustained notes a little freer while still correcting short ones. Start from a preset for the sound you want, then adjust retune speed while listening in the mix.

## Record with it on

For the hard-tuned sound, monitor through the pitch correction while recording so you hear what the listener will hear and can sing into it. Many plugins have a low-latency mode for tracking. Most engineers still record the raw vocal and keep the correction as a plugin, so it can be changed later; if you print it, keep a clean copy.

## Graphical editing for precise fixes

Graphical editors such as Melodyne, or the note editors built into several DAWs, show each sung note as a block you can move, stretch or straighten. They are better than an automatic tuner for fixing a few wrong notes without changing the character of a whole take, and for tuning harmonies and doubles. They take longer, so many engineers use them for detailed fixes and an automatic tuner for the overall sound.

## Where it goes in the chain

Put pitch correction early in the vocal chain, after any clean-up and before compression and EQ, so it reads a clean signal. Tune each vocal track separately: lead, doubles and harmonies.

## When correction will not save a take

Pitch correction struggles with notes that are very far off, breathy or noisy takes, and vocals recorded with heavy reverb. If a line sounds wrong even when tuned, re-record it. A good performance with light correction beats a weak one forced into tune.`,
};

export default article;
