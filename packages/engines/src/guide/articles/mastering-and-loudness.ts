import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'mastering-and-loudness',
  title: 'Mastering and loudness for streaming',
  summary:
    'Streaming services turn loud masters down to about -14 LUFS (Spotify, YouTube) or about -16 LUFS (Apple Music), so master for punch and clarity rather than maximum loudness, and keep true peak at or below about -1 dBTP.',
  tags: ['mastering', 'master', 'loudness', 'loud', 'LUFS', 'true peak', 'dBTP', 'normalization', 'normalisation', 'limiter', 'Spotify', 'Apple Music', 'YouTube', 'volume'],
  tools: ['chat', 'review'],
  body: `Mastering is the final step before release: balancing the overall tone, controlling dynamics, and setting the final level so the song translates well on every system. Loudness is the part artists ask about most, and it is often misunderstood.

## How loud should my master be

Streaming services **normalise** playback loudness. They measure each track in **LUFS** (loudness units relative to full scale, an average loudness measure) and turn louder tracks down so songs play back at a similar level. Approximate reference levels, which platforms can change:

- **Spotify**: about **-14 LUFS** integrated by default (listeners can choose louder or quieter settings).
- **Apple Music** (Sound Check): about **-16 LUFS**.
- **YouTube**: about **-14 LUFS**.
- Several other services sit in a similar range of roughly -14 to -16 LUFS.

This means a master at -8 LUFS is simply turned down by several decibels on Spotify. Being much louder than the reference does not make your song louder for the listener; it only costs you dynamics and punch. Being a bit quieter is usually fine.

## Should I master to -14 LUFS

Not necessarily. Many rap and trap masters are louder than -14 LUFS because of genre expectations and because DJs, some players and club systems do not normalise. A sensible approach: master to the loudness that sounds best for the song **without obvious distortion, pumping or flattened drums**, then check how it sounds when turned down to the platform's level. If your master only sounds good because it is loud, it will lose when normalised.

## True peak

Keep the **true peak** of your master at or below about **-1 dBTP**. Streaming services convert files to lossy formats, which can create new peaks above 0 dB and cause distortion. Spotify has advised a lower ceiling, around -2 dBTP, for masters louder than about -14 LUFS. Use a limiter with true-peak detection and a loudness meter.

## What mastering actually does

- Gentle EQ to balance lows, mids and highs so the song sounds right next to commercial references.
- Compression or multiband control to glue the mix and manage the low end (808s and kicks).
- Stereo checks, including making sure the bass is solid in mono.
- Limiting to set the final level and peak ceiling.
- Creating the final files: a high-resolution WAV (commonly 24-bit) for distribution, plus clean and instrumental versions if needed.

## Self-mastering vs a mastering engineer

A mastering engineer brings trained ears, an accurate room and a fresh perspective. For important releases, it is usually worth it. Self-mastering and automated services can work for demos and fast releases. Either way, the master can only be as good as the mix: if the vocal is buried or the 808 is muddy, fix it in the mix, not the master.

## Loudness checklist

- Leave headroom on the mix (peaks a few dB below 0 dBFS) before mastering.
- Measure integrated LUFS over the whole song and true peak with a meter.
- Compare with reference tracks at **matched loudness**, not at their raw levels.
- Listen on phones, earbuds, car speakers and a laptop.
- Export WAV at the sample rate and bit depth your distributor accepts.`,
};

export default article;
