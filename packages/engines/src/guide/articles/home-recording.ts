import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'home-recording',
  title: 'Recording rap vocals at home',
  summary:
    'A good home vocal needs a suitable mic (a dynamic mic is forgiving in untreated rooms), a simple interface, a reflection-controlled space and clean levels: record at 24-bit with peaks roughly around -10 to -6 dBFS.',
  tags: ['recording', 'home studio', 'microphone', 'mic', 'condenser', 'dynamic', 'audio interface', 'gain staging', 'room treatment', 'acoustic treatment', 'vocal chain', 'headphones', 'DAW', 'pop filter'],
  tools: ['chat', 'review'],
  body: `Great rap records have been made in bedrooms and closets. You do not need expensive gear, but you do need a decent signal, a controlled room and clean levels. Fixing a bad recording in the mix is much harder than getting it right at the source.

## The basic setup

- **Microphone**: see the next section.
- **Audio interface**: converts the mic signal to digital and provides preamps and phantom power. A simple one- or two-input USB interface is enough for vocals.
- **Closed-back headphones** for recording, so the beat does not bleed into the mic.
- **Pop filter** (mesh or metal) to reduce plosive "p" and "b" blasts.
- **Mic stand**, a decent XLR cable and a **DAW** (recording software). Any mainstream DAW works; learn one well.

## Choosing a mic

**Dynamic microphones** are less sensitive and pick up less of the room, so they are forgiving in untreated bedrooms and with loud, aggressive deliveries. Broadcast-style dynamics are popular for rap for this reason. Many need a lot of clean gain, so check that your interface can provide it.

**Large-diaphragm condenser microphones** capture more detail and air, which can sound great, but they also capture your room, computer fans and traffic. They need 48V phantom power. Use one if you can treat the space.

There is no single best mic. The right one suits your voice and your room. If possible, try a few with your own voice before buying.

## Gain staging

Gain staging means setting levels so the recording is clean and never clips.

- Record at **24-bit**, with a sample rate of 44.1 or 48 kHz (match your project and your producer's files).
- Set the preamp gain while performing the loudest part of your verse, with the energy you will actually use. Aim for peaks roughly around -10 to -6 dBFS, leaving headroom; the quieter parts will sit lower, and that is fine at 24-bit.
- Never let the meter hit 0 dBFS; digital clipping cannot be undone.
- Keep the same distance from the mic throughout a take, roughly a hand's width to two hand-widths (about 10 to 20 cm). Move back slightly for louder lines rather than riding the gain.

## Room treatment on a budget

Untreated rooms add reflections that make vocals sound boxy and distant. The goal for vocals is to reduce reflections near the mic, not to soundproof the room.

- Record in a small space with soft furnishings: a closet full of clothes works surprisingly well.
- Hang heavy blankets or duvets behind you and to the sides; the area behind the singer is what a directional mic hears most.
- Avoid standing in the middle of a bare room or facing a flat wall or window up close.
- Acoustic foam alone mostly tames high frequencies; thicker absorption panels are more effective.
- Clap your hands and listen: a short dead clap is good, a ringing flutter means you need more absorption.

## The vocal chain while recording

Keep the recording chain simple: mic, pop filter, preamp, interface, DAW. Monitor with low latency (small buffer size, or your interface's direct monitoring). You can monitor through a little reverb and compression for vibe, but record the vocal clean, without effects printed, so you keep options in the mix.

## Performance and takes

- Warm up your voice and drink water; avoid dairy right before.
- Record the whole verse a few times, then punch in sections. Match the energy and distance of the surrounding takes when punching in.
- Record doubles and ad-libs as separate tracks, and label them.
- Name and back up your sessions; lost vocals are the most painful mistake in home recording.`,
};

export default article;
