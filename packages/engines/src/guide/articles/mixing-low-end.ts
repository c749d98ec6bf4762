import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'mixing-low-end',
  title: 'Mixing the low end: kick, 808, sidechain and mono',
  summary:
    'To mix 808s and kicks, decide which one owns the lowest frequencies, keep the low end in mono (roughly below 100 Hz), use sidechain compression or EQ so the kick and 808 do not mask each other, and check the bass on more than one system.',
  tags: ['low end', 'mix 808', 'mixing 808s', 'kick', 'kick and 808', 'bass', 'sidechain', 'side-chain', 'ducking', 'mono', 'stereo width', 'muddy', 'mud', 'low frequencies', 'clashing', 'boomy', 'high-pass filter'],
  tools: ['chat', 'review'],
  body: `The low end is where most home mixes go wrong: it is hard to hear accurately in a small room or on headphones, and it uses up most of the mix's headroom. A clean low end makes a rap mix hit harder and sound louder at the same level.

## Kick or 808: who owns the sub

A kick and an 808 playing at the same moment in the same frequency range mask each other, and the result is muddy and uneven. Decide which one owns the deepest frequencies. In most trap and drill the 808 carries the sub and the kick is shorter and punchier, with its weight slightly higher. In boom-bap the kick often carries more of the low end and the bass sits around it.

Make them agree in the arrangement too. Let the kick and 808 start together so they sound like one hit, or give the kick the gaps between 808 notes. Tune the kick so it does not clash with the 808's note.

## Sidechain compression

**Sidechain compression** turns one sound down while another plays. Put a compressor on the 808 (or bass), feed the kick into its sidechain input, and set a fast attack and a short release so the 808 ducks for a moment on every kick and comes straight back. The kick's attack then cuts through without the 808 getting quieter overall. Many producers use a ducking or volume-shaping plugin for the same effect. Use as much as the groove needs: obvious pumping suits dance music more than most rap.

## Keep the low end in mono

Bass below roughly **100 Hz** belongs in the centre. Wide, stereo sub-bass sounds vague, partly disappears when played in mono (on many phones, club systems and smart speakers) and makes mastering harder. Check that your 808 sample is not stereo; if it is, make it mono or use a utility or stereo-width plugin to narrow everything below about 100 Hz. Width belongs higher up, in pads, melodies and effects.

## EQ: make room

- **High-pass** elements that do not need low end: vocals, hi-hats, melodies, pads and effects returns. Filter them gently and listen, so nothing goes thin.
- Look for **mud** in the low mids, roughly 200-500 Hz, where the 808's upper harmonics, the kick and the beat's melodies pile up. Small cuts on several tracks work better than one big cut.
- Do not boost the same low frequency on both the kick and the 808. Give each its own spot.
- Cut the very lowest rumble below what the 808 needs; it eats headroom without being heard.

## How loud should the 808 be

As loud as your favourite reference songs in the same genre, not louder. Level-match a reference track and switch between them. If the 808 is much louder than the reference, the mix will sound boomy in a car and thin once mastering has to turn it down. The vocal should still be clear over the loudest 808 note.

## Checking the low end

Small rooms and headphones exaggerate or hide bass, so check on several systems: headphones, a car, a phone, earbuds and a laptop. A spectrum analyser helps you see what you cannot hear, such as sub rumble below the 808's lowest note. If the low end sounds fine on three out of four systems, leave it.`,
};

export default article;
