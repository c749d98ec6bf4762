import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'drum-programming',
  title: 'Drum programming: groove, swing and hi-hats',
  summary:
    'Groove comes from placement and dynamics: keep the kick and snare simple, vary hi-hat velocities, add a little swing or push individual hits off the grid, and save hi-hat rolls for fills so they stand out.',
  tags: ['drums', 'drum programming', 'drum pattern', 'hi-hats', 'hi hat rolls', 'hat rolls', 'rolls', 'swing', 'groove', 'bounce', 'quantize', 'quantise', 'velocity', 'snare', 'clap', 'kick pattern', 'percussion', 'triplets', 'ghost notes'],
  tools: ['chat'],
  body: `Drums decide whether a beat bounces or just plays. Most of what makes a pattern feel good is not the sounds you choose but where the hits land and how hard each one is.

## Start with the kick and snare

The kick and snare are the skeleton. In boom-bap the snare lands on beats 2 and 4; in trap and drill, which are felt in half-time, the main snare or clap lands on beat 3 of the bar. Program the kick to lock with the bassline or 808 so the low end moves as one. Fewer kicks usually hit harder than a busy pattern, and a gap where the listener expects a kick creates tension before the next one lands.

## Hi-hats and rolls

Trap hi-hats usually run steady eighth or sixteenth notes, with **rolls** as fills: quick bursts of thirty-second notes or triplets, often at the end of a phrase or leading into the snare. To program them, set the grid to finer values or triplets (for example 1/16 triplets), or use your DAW's note-repeat feature.

- Change the velocity through a roll (a quick fade in or out) so it sounds played, not pasted.
- Pitch some roll notes up or down for movement.
- Do not roll every bar. A roll means more when there is plain time around it.

Drill hats are skippier: gaps, triplet figures and hits that answer the snare rather than a steady grid.

## Swing and timing

**Swing** delays every second sixteenth (or eighth) note slightly, which turns a stiff pattern into a bounce. Most DAWs have a swing or groove control on the step sequencer or in the quantise settings. Start with a small amount and raise it until the pattern grooves, then stop. Boom-bap and lo-fi often use heavy swing or unquantised, finger-played drums; trap hats are usually straighter, and their bounce comes from triplets, rolls and velocity.

You can also move individual hits a few milliseconds off the grid. A snare slightly behind the beat feels laid back; slightly ahead feels urgent. Keep the kick tight to the 808 when you do this.

## Velocity and ghost notes

No drummer hits twice the same way. Vary hi-hat velocities (stronger on the beat, softer between), add quiet **ghost notes** on the snare before or after the main hit, and keep a few hits slightly different each bar. Many DAWs have a humanise or randomise function; use it lightly and listen.

## Choosing and layering sounds

Pick sounds that fit before processing them. Layer a clap over a snare for width, trim long tails that smear the groove, and tune kicks and snares so they sit with the key of the beat. Use drum kits and sample packs whose licence allows commercial releases, and keep a note of where each sound came from.

## Fills, drops and percussion

Percussion (shakers, rims, toms, vocal chops) adds movement without crowding the kick and snare. Change something every four or eight bars: drop the kick for a bar before the hook, add a fill into a new section, or bring in an extra hat pattern on the second verse. Small changes keep a loop from sounding like a loop.`,
};

export default article;
