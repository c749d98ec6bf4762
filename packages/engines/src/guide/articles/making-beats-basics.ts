import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'making-beats-basics',
  title: 'Making your first beats: DAW, sounds and workflow',
  summary:
    'Pick one DAW and learn it well (FL Studio, Ableton Live and Logic Pro are all used for hits, and free options exist), start each beat from a melody or sample loop plus drums and an 808, and finish many short beats rather than polishing one.',
  tags: ['make beats', 'making beats', 'beatmaking', 'beat making', 'produce', 'producing', 'production', 'DAW', 'FL Studio', 'Ableton', 'Logic Pro', 'GarageBand', 'BandLab', 'MIDI keyboard', 'sample packs', 'drum kits', 'VST', 'software', 'learn to make beats'],
  tools: ['chat'],
  body: `Almost every producer starts with a laptop, headphones and free or cheap software. What separates people who improve fast is not gear but how many beats they finish and how carefully they listen.

## Choosing a DAW

A **DAW** (digital audio workstation) is the software you make beats in. There is no best one; there is the one you learn well.

- **FL Studio**: very popular for trap and drill, with a fast step sequencer and piano roll.
- **Ableton Live**: strong for sampling, loops and live performance.
- **Logic Pro** (Mac only): a complete package with many built-in instruments and sounds.
- Other capable options include Studio One, Reaper and Cubase.
- Free places to start: **GarageBand** on Apple devices and **BandLab** in a browser or on a phone.

Most paid DAWs offer a trial or a cheaper entry version. Try two, pick one, and stay with it long enough to get fast.

## The gear you actually need

A computer, a pair of closed or open headphones you know well, and your DAW. A small **MIDI keyboard** makes playing chords and melodies easier but is optional; you can draw notes with a mouse. Studio monitors and acoustic treatment come later, once you know what you are listening for.

## Sounds: kits, samples and instruments

Beats are built from **drum kits** (one-shot kicks, snares, hats and 808s), **instruments** (software synths and samplers, called VST or AU plugins) and **samples** (loops or pieces of recordings). Your DAW's stock sounds are enough to start. When you download kits and sample packs, read the licence: most are royalty-free for commercial use, but some forbid reselling the sounds or require credit. Samples taken from other people's records need clearing before release.

## A simple workflow for your first beats

1. Set a tempo that suits the style.
2. Make a **4- or 8-bar melody**, chord loop or sample chop.
3. Add **drums**: kick, snare or clap, hi-hats.
4. Add the **808** or bass, in the key of the melody.
5. Copy the loop out into an **arrangement**: intro, hook and verse sections with changes between them.
6. Do a rough balance so nothing clips and the drums and melody sit together, then export.

Keep it under an hour at first. A finished, imperfect beat teaches more than an endless loop.

## Getting better fast

- Recreate beats you love as closely as you can; it teaches sound choice and arrangement.
- Set limits: one sample, one hour, or only stock sounds.
- Make beats with a rapper in mind and watch how they react; leave space for the vocal.
- Save a starting template with your favourite drums, 808 and mixer routing.
- Share work with other producers for honest feedback.

## When you want to share or sell beats

Tag your beats, keep your project files and the licences of every sound you used, and learn how leases and exclusive licences work before you sell. Register as a writer with a performing rights organization once songs using your beats are released, and get your share written on a split sheet.`,
};

export default article;
