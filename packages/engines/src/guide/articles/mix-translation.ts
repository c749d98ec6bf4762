import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'mix-translation',
  title: 'Making your mix translate: reference tracks and checks on every speaker',
  summary:
    'A mix translates when it sounds balanced everywhere: compare it with a level-matched reference track, check it in mono, at low volume and on phones, earbuds and a car, and fix problems that show up on more than one system.',
  tags: ['translation', 'mix translation', 'reference track', 'references', 'sounds different', 'headphones', 'monitors', 'phone speakers', 'earbuds', 'mono check', 'mix sounds bad', 'balance'],
  tools: ['chat', 'review'],
  body: `Almost every artist has made a mix that sounded great in headphones and fell apart in a car. That happens because every room, speaker and pair of headphones exaggerates some frequencies and hides others. Translation is the art of making a mix that survives all of them.

## Why mixes fall apart outside the studio

Small rooms create bass peaks and dips, so you may hear too much low end in one spot and almost none in another. Headphones can make bass and reverb seem more or less than they are, and many consumer models boost the lows and highs. Phones and laptops reproduce almost no sub-bass. If you mix on only one system, you mix its faults into the song.

## Use reference tracks

A **reference track** is a released song in a similar style that sounds the way you want yours to sound. Import it into your session and **level-match** it to your mix, because louder always sounds better and will fool you. Switch between them often while mixing and compare one thing at a time: the vocal level, the 808's weight, the brightness of the hats, the amount of reverb. Use two or three references, not one.

## Check on several systems

Bounce the mix and listen on:

- Phone speakers and a laptop (can you hear the 808 and every word?).
- Earbuds.
- A car, the classic test for low end.
- Your main headphones or monitors at a moderate volume.

Take notes as you listen rather than fixing things from memory, and look for problems that appear on more than one system. One odd result on one speaker is often that speaker's fault.

## Mono and low-volume checks

Switch the mix to **mono** for a moment. If the vocal jumps forward, the beat gets thin or an instrument disappears, something is too wide or out of phase. Then turn the volume down until it is barely audible: the vocal and the kick and snare should still be the clearest things. Quiet listening shows balance problems that loud listening hides.

## Fixing common translation problems

- **Too much bass in the car, fine in headphones**: the 808 or kick is too loud, or there is too much deep sub; compare with a reference and check a spectrum analyser.
- **808 disappears on phones**: add saturation so it has harmonics small speakers can play.
- **Vocal lost on phones**: the midrange is crowded; cut space in the beat or raise the vocal.
- **Harsh on earbuds**: look for sharp resonances in the upper mids and sibilance.
- **Muddy everywhere**: too many sounds sharing the low mids, roughly 200-500 Hz.

## Mixing on headphones

Many artists mix on headphones, and it can work. Mix at a moderate, steady volume, take regular breaks, and check reverb and panning on speakers because headphones exaggerate width. Headphone correction software, which flattens a model's known frequency response, can help. The more you learn how your headphones sound with songs you know, the more you can trust them.`,
};

export default article;
