import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'tempo-and-bpm-by-genre',
  title: 'Tempo and BPM by genre',
  summary:
    'Common starting points: boom-bap around 85-95 BPM, trap 130-150 BPM (often written as 65-75 half-time), drill around 140, R&B 60-80 for slow songs, afrobeats about 95-115, lo-fi 70-90, pop 100-130 and house 120-128.',
  tags: ['tempo', 'BPM', 'beats per minute', 'half-time', 'double-time', 'trap', 'boom-bap', 'drill', 'UK drill', 'R&B', 'afrobeats', 'amapiano', 'lo-fi', 'pop', 'house', 'genre', 'speed', 'fast', 'slow'],
  tools: ['chat', 'lyrics'],
  body: `Tempo sets how a beat feels and how much room a rapper has to move. The ranges below are common starting points, not rules: plenty of great songs sit outside them, and the same beat can be counted two ways.

## Half-time and double-time: why the numbers disagree

Many hip-hop styles are felt in **half-time**. A trap beat at 140 BPM puts its snare or clap on beat 3 of each bar instead of on 2 and 4, so it feels like 70 BPM with fast hi-hats on top. Producers write the same beat as 70 or 140, and both are right. When you swap files with a producer or engineer, say which count you mean, and set the project tempo to match the files you receive. If a beat feels slow but busy, it is usually half-time.

## Boom-bap

Boom-bap usually sits around **85-95 BPM**, with some beats dipping into the low 80s or pushing towards 100. The kick and snare ("boom" and "bap") land on a steady backbeat with the snare on 2 and 4, drums are often swung or played loosely, and the space suits dense, wordy verses. Chopped soul, jazz and funk samples are typical.

## Trap

Trap usually sits at **130-150 BPM**, often written as **65-75 BPM** in half-time. The snare or clap lands on beat 3 of the bar, hi-hats run in eighth notes, sixteenth notes and triplets with rolls as fills, and a long, tuned 808 carries the bassline. Flows range from slow, melodic half-time to fast triplet cadences over the same tempo.

## Drill

UK drill usually sits around **138-145 BPM**, often right around 140, felt in half-time like trap but with a bouncier, syncopated pattern: snares that land off the expected backbeat, skippy hi-hats with gaps, and 808s that slide between notes. New York drill took the UK drums and slides into a similar tempo range. Chicago drill, where the name started, is closer to the trap sound. Drill beats are usually dark, minor-key and sparse.

## R&B

Slow R&B sits around **60-80 BPM**, and producers often count it double, at 120-160, with a half-time feel. Mid-tempo R&B grooves commonly land somewhere around 85-110 BPM. Chords, swing and space carry the song, so leave room for melody and long vocal lines.

## Afrobeats

Afrobeats usually sits around **95-115 BPM**, with many songs close to 100-110. The groove comes from syncopated percussion (shakers, congas, rim shots and claps), a bouncing kick pattern and melodic basslines rather than long 808 sustain. Amapiano is a related but separate style, usually around 110-115 BPM with its own "log drum" bass sound.

## Lo-fi

Lo-fi hip-hop is slow and relaxed, usually around **70-90 BPM**, with swung or unquantised drums, soft kicks and snares, jazzy chords, vinyl crackle and tape-style wobble. Filtering the drums and keeping everything gentle matters more than the exact number.

## Pop and house

Pop songs most often land roughly between **100 and 130 BPM**. House is usually **120-128 BPM**, with a kick on every beat ("four on the floor") and off-beat hi-hats. Rappers on house or pop-tempo beats often ride a half-time flow against the pulse, or double up for energy.

## Choosing a tempo for your song

Start from the vocal. A wordy verse needs a slower tempo or a half-time feel; a chanted hook can ride a faster pulse. Try the beat two or three BPM either side before anyone records, because small changes shift the energy more than you expect. Settle the tempo before recording vocals: changing it afterwards means time-stretching the vocal, which rarely sounds as good as the original take.`,
};

export default article;
