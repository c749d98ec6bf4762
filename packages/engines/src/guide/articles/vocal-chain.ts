import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'vocal-chain',
  title: 'The vocal chain: plugin order and starting settings',
  summary:
    'A common vocal chain is: clean up and gain-stage the vocal, pitch correction if you use it, EQ to remove problems, compression, de-essing, then tone EQ or saturation, with reverb and delay on send tracks rather than on the vocal itself.',
  tags: ['vocal chain', 'vocal preset', 'plugin order', 'chain order', 'vocal plugins', 'vocal template', 'gain staging', 'inserts', 'sends', 'aux', 'bus', 'stock plugins', 'preset', 'vocal settings'],
  tools: ['chat', 'review'],
  body: `A vocal chain is the set of plugins a vocal passes through, in order. The order matters because each plugin reacts to what the one before it did. There is no single correct chain, but most rap vocal chains follow the same logic.

## Gain staging before any plugin

Start with a healthy, consistent level going into the chain. Use clip gain or a gain plugin to bring quiet words up and loud words down before any compressor sees them. Many plugins, especially ones modelled on analogue gear, behave best when the vocal averages somewhere around -18 dBFS with peaks well below 0. If a plugin's output is much louder than its input, turn it back down so you judge the change, not the volume.

## A common chain order

1. **Clean-up**: noise reduction, breath and click removal if needed.
2. **Pitch correction** (if you use it): early, so later plugins process a steady pitch.
3. **Subtractive EQ**: high-pass filter, cut mud and harsh resonances.
4. **Compression**: one or two compressors for a steady level.
5. **De-esser**: after compression, because compression makes "s" sounds louder.
6. **Tone EQ or saturation**: presence, air and a little warmth or grit.
7. **Sends**: reverb and delay on separate aux tracks.

## Why this order works

Cutting problems before compression stops the compressor reacting to rumble and boxiness. De-essing after compression catches the sibilance the compressor brought up. Boosting tone last means the compressor is not fighting your boosts. Swapping steps is fine if it sounds better: some engineers compress lightly before the EQ, or use a second de-esser at the end. Judge by ear, with the vocal playing in the full mix.

## Inserts vs sends

Plugins placed directly on the vocal track are **inserts**: they change the whole signal. Reverb and delay usually go on **send** (aux) tracks: the vocal sends a copy to a reverb or delay set to 100% wet, and you blend the return with a fader. Sends let several vocals share one space, let you EQ the reverb (cut its lows and some highs) so it does not cloud the mix, and make it easy to automate delay throws on single words.

## Chains for doubles, ad-libs and hooks

Route the lead, doubles and ad-libs to their own buses. Doubles usually get more compression and less top end so they support the lead without competing. Ad-libs can take a different character: a band-pass "phone" filter, distortion, a different delay, panning left and right. Hook vocals can be a little wider and wetter than the verses. A vocal bus after all of them lets a little glue compression and a final EQ treat every vocal as one performance.

## Presets and templates

Presets are starting points, not finished sounds. Every voice, mic and room differs, so adjust thresholds and EQ to your recording. Save your own template with the buses, sends and chain already set up, so every session starts the same way. Stock plugins that come with your DAW are enough to make professional vocals; the order and the settings matter far more than the brand.`,
};

export default article;
