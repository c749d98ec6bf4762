import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'mix-prep-and-stems',
  title: 'Headroom, bounces and stems: preparing for mixing and mastering',
  summary:
    'For mastering, send a 24-bit (or 32-bit float) WAV of the mix with peaks a few dB below 0 dBFS and no limiter on the master bus; for a mix engineer, export every track as its own file from the same start point, dry, at the session sample rate.',
  tags: ['stems', 'trackouts', 'track outs', 'bounce', 'export', 'headroom', 'mix engineer', 'mastering engineer', '2-track', 'two-track', 'WAV', 'file format', 'session files', 'dry vocals', 'mixdown', 'instrumental', 'a cappella'],
  tools: ['chat', 'review'],
  body: `A lot of mixing and mastering time is lost to badly prepared files. Preparing them well costs minutes and gets you a better result from whoever works on the song next, including yourself.

## How much headroom to leave for mastering

Leave headroom by keeping your mix's peaks a few decibels below 0 dBFS; many mastering engineers ask for somewhere around -6 to -3 dBFS. Headroom is not about the mix being quiet: it just means nothing clips and the engineer has room to work. Take any limiter or loudness maximiser off the master bus before you export. If you have been mixing into one because you like how it sounds, export a version with and a version without, and say so. Do not chase loudness in the mix; that is what mastering is for.

## Exporting a mix for mastering

- **WAV** (or AIFF) at **24-bit** or **32-bit float**, never MP3.
- The same **sample rate** as the session (usually 44.1 or 48 kHz); do not convert it yourself.
- Export the whole song with a little silence at the start and end, and do not fade it unless the fade is part of the song.
- Check the file before sending: listen through once, top to bottom, for clicks and missing parts.

## Stems, trackouts and a 2-track

These words get mixed up, so agree on them with whoever you work with.

- A **2-track** is the full stereo beat or mix as one file.
- **Stems** are groups of tracks bounced together: for example drums, 808 and bass, melodies, and vocals. Stem mastering and live shows often use these.
- **Trackouts** are every individual track as its own file: kick, snare, hats, 808, each melody, each vocal.

For mixing a song properly, a mix engineer usually wants the trackouts of the beat plus every vocal track. A 2-track beat limits how well the vocal can be fitted into it.

## Exporting trackouts and vocals

- Start every file at the **same point** (bar 1 or the session start) and run it to the same end, so they line up when dropped into another DAW.
- Export vocals **dry**: no reverb, delay or heavy processing. If an effect is part of the sound, such as hard-tuned vocals, also send a version with it so the engineer can hear the intention.
- Keep mono sources mono and stereo sources stereo.
- Name files clearly: "01 Lead Vocal", "02 Double", "03 Adlibs L", "10 808".

## What to send with the files

Include the **BPM** and **key**, a rough mix so the engineer hears your vision, one or two reference songs, and short notes: what you like, what bothers you, how the vocal should sit. Say which version is final if you send several.

## Versions you will need

Ask for, or export, these with the final master: the main (explicit) version, a clean version if you need one for radio or playlists, the instrumental, an a cappella, and a TV track (the instrumental with the hook vocals) for performances. Distributors, DJs, sync libraries and live shows all ask for them, and they are much easier to make while the session is open than months later.`,
};

export default article;
