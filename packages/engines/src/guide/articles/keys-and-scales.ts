import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'keys-and-scales',
  title: 'Keys and scales: finding the key of a beat',
  summary:
    'Find the key by locating the note the beat keeps coming back to (hum it, then match it on a keyboard), decide whether it sounds major or minor, or use a key-detection tool and confirm the result by ear.',
  tags: ['key', 'keys', 'scale', 'scales', 'minor key', 'major key', 'find the key', 'key detection', 'chords', 'chord progression', 'melody', 'music theory', 'root note', 'relative minor', 'transpose', 'out of key'],
  tools: ['chat', 'lyrics'],
  body: `The key of a beat is the set of notes that sounds at home over it. You need it to tune the 808, write melodies and hooks that fit, set pitch correction, and layer samples without clashes.

## Why the key matters

An 808, a sung hook or a sample in a different key from the beat sounds off, even to listeners who know no theory. Knowing the key also speeds up collaboration: producers list it with the tempo, engineers set pitch correction with it, and singers pick their notes from it.

## Finding the key by ear

1. Loop a section of the beat and listen for the note it keeps resolving to, the one that sounds like home at the end of a phrase. Hum it.
2. Find that note on a keyboard, a piano app or a virtual keyboard in your DAW by playing notes until one matches what you hum. That is the **root note**.
3. Decide whether the beat sounds **minor** (darker, tense, sad) or **major** (brighter, open). Most trap and drill beats are minor.
4. Check: play the scale of, say, A minor over the beat. If every note fits, you have it.

If two keys seem possible, they are often relative keys, such as A minor and C major, which share the same notes; the root the beat resolves to tells you which.

## Key-detection tools

Many DAWs, sample managers and online tools can analyse audio and suggest a key. They are a good shortcut but can be fooled by sliding 808s, out-of-tune samples or beats that change key. Treat the result as a suggestion and confirm it by ear. If you bought the beat, check the beat store listing or ask the producer; many list key and BPM.

## Scales beatmakers use

- **Natural minor**: the default for dark trap, drill and emotional rap.
- **Harmonic minor**: natural minor with a raised seventh note; its tense, dramatic sound is common in drill and dark trap melodies.
- **Minor pentatonic**: five notes, hard to play wrong, good for simple hooks and bass lines.
- **Major**: brighter songs, pop crossovers and many afrobeats and R&B progressions.

Piano-roll scale highlighting, available in most DAWs, shows which notes belong to the key.

## Simple chord progressions

Most beats loop two to four chords. In a minor key, moving from the root chord to the chords built on the sixth and seventh notes of the scale is a common, moody pattern. Keep chords simple and let rhythm and sound choice create interest. The 808 usually follows the root note of each chord.

## Transposing samples and loops

To fit a sample or loop to your key, pitch it up or down by semitones. Small shifts of one or two semitones usually sound natural; large shifts change its character. Check whether your sampler changes speed along with pitch. If you sample a record, remember that clearing it is a separate issue from getting it in key.`,
};

export default article;
