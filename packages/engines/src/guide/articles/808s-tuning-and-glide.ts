import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: '808s-tuning-and-glide',
  title: '808s: tuning, glide and making them hit',
  summary:
    'Tune the 808 to the key of the beat and write its notes with the chords, use glide on overlapping notes for slides, and add saturation so the 808 is still heard on phones and laptops that cannot play deep sub-bass.',
  tags: ['808', '808s', 'bass', 'sub bass', 'tune 808', 'tuning', 'glide', 'slide', 'slides', 'portamento', 'distortion', 'saturation', 'punch', 'hit harder', 'bassline', '808 pattern', 'out of tune'],
  tools: ['chat'],
  body: `In trap, drill and most modern rap, the 808 is the bassline: a tuned, sustaining sub-bass with a punchy start. The name comes from the Roland TR-808 drum machine, whose long, booming kick became the low end of hip-hop. Today it can be a sample, a synth patch or a dedicated 808 plugin.

## Tune the 808 to the key

An 808 has a pitch, so it has to be in tune with the beat. First find the key of the beat. Then check the 808 sample's root note: many samples are labelled with it, or you can read it with a tuner plugin or a spectrum analyser (look for the strongest low peak). Set your sampler so that the note you play is the note you hear. Now write the 808 part in the key, usually following the root notes of the chords.

An out-of-tune 808 makes the whole beat feel muddy or "off" even when listeners cannot say why. If a note sounds weak or disappears, it may be too low for most speakers to reproduce; try it an octave higher.

## Length and decay

Match the 808's length to the pattern. Long, sustained notes suit slow half-time trap; short, clipped notes suit bouncy patterns and fast flows. Put the sampler in mono or legato mode so each new note cuts off the last one, because two overlapping 808 notes fight each other in the low end. Fade or shorten the tail before a gap so the silence lands cleanly.

## Glide and slides

**Glide** (also called portamento) slides the pitch from one note to the next. In most samplers and 808 plugins you switch on mono or legato mode, set a glide time, and then overlap two notes slightly in the piano roll: the second note slides up or down from the first. A short glide sounds like a quick flick; a longer one gives the drawn-out slide that drill is known for.

Use slides on a few notes rather than all of them: into the downbeat of a bar, at the end of a phrase, or into the hook. Sliding between notes that are far apart can sound dramatic, but check it still sounds in tune at both ends.

## Making the 808 hit harder

Most phones, laptops and small speakers cannot reproduce much deep sub-bass, so a clean, pure 808 can vanish on them. **Saturation** or distortion adds harmonics higher up the spectrum, which the ear hears as the same note, so the 808 is still heard on small speakers.

- Start subtle and raise the drive until the 808 cuts through on phone speakers, then back off a little.
- Blend the distorted signal with the clean one (parallel processing) to keep the weight underneath.
- A clear click or attack at the start of the note helps it punch; layering a short kick on top does the same.
- A compressor after the saturation evens out notes that jump out.

Then check the balance in the mix: an 808 that sounds huge alone can bury the vocal.

## Choosing 808 samples

Pick an 808 that suits the song before you process it: clean and round for melodic tracks, gritty and distorted for aggressive ones. Short samples with a clear pitch are easier to tune than long, noisy ones. Use sample packs whose licence allows commercial releases, and save your favourite tuned 808 as a preset so every new beat starts from a sound you trust.`,
};

export default article;
