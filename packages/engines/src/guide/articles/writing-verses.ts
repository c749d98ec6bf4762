import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'writing-verses',
  title: 'Writing better rap lyrics: verses, flow, rhyme and bar structure',
  summary:
    'Pick one clear idea for the verse, find the pocket before writing words, structure it in bars (16 is the standard verse), vary your flow, use multisyllabic, internal and slant rhymes without forcing them, and edit hard.',
  tags: ['lyrics', 'verse', 'verses', 'writing', 'write a verse', 'bars', 'flow', 'cadence', 'rhyme', 'rhymes', 'multisyllabic rhymes', 'multis', 'internal rhyme', 'punchlines', 'wordplay', 'rhyme scheme', 'songwriting'],
  tools: ['chat', 'lyrics', 'review'],
  body: `A great verse feels effortless to the listener and takes real craft to write. It combines rhythm (flow), sound (rhyme), structure (bars) and substance (what you are actually saying). Work on each one deliberately.

## How to write a verse step by step

1. **Pick the idea.** One clear angle per verse: a story, an argument, a feeling, a flex with a twist. Write it as one sentence before you start.
2. **Listen to the beat** several times. Mumble or hum rhythms over it before writing words; find the pocket.
3. **Write the strongest line first**, often the punchline or the last bar, and build towards it.
4. **Draft freely**, then edit hard: cut filler words, swap weak rhymes, sharpen images.
5. **Record a rough take** and listen back. What looks good on paper can feel clumsy in the mouth.

## Bar structure

In most rap, a **bar** is one measure of four beats, and a standard verse is **16 bars** (8 or 12 are common too, especially in shorter modern songs). Rhymes traditionally land on the last beat of the bar, often with the snare on beats two and four. Think of the verse in groups of four bars: each group can develop one thought, and many verses switch something (flow, rhyme sound, energy) every four or eight bars to keep attention. End the verse strong; the last couple of bars should hit harder than the first.

## Flow: how to improve your flow

**Flow** is the rhythm of your words against the beat: where syllables fall, how dense they are, where you pause.

- **Vary density**: mix lines packed with syllables with lines that leave space.
- **Change where lines start**: start on the beat, before it, or after it. Starting a line late creates tension.
- **Use triplets and switch-ups** for contrast, then return to a steady pocket.
- **Ride the drums**: lock key syllables to the kick and snare; let others float between.
- **Breath**: mark breathing points. If you cannot perform it live, rewrite it.
- Study: write out the flow of a favourite verse as dots and dashes on a grid of 16 slots per bar, then write new words to that rhythm.

## Rhymes: how to fix my rhymes

- **Multisyllabic rhymes** ("multis") rhyme several syllables in a row, which sounds more skilful than single end rhymes.
- **Internal rhymes** place rhymes inside the line, not just at the end.
- **Slant rhymes** (near rhymes that share vowel sounds) open up far more options than perfect rhymes and often sound more natural.
- **Rhyme on the vowel sounds.** Say the words out loud; spelling does not matter, sound does.
- **Avoid forced rhymes**: if a line only exists to rhyme, rewrite both lines. Meaning first, rhyme second.
- **Avoid cliché pairs** that every listener can predict.
- Build a rhyme list around your key word before writing, grouping words by vowel sound.

## Substance: imagery, punchlines and voice

Specific details beat general claims: a street name, a brand of car, a smell, a moment. Set up punchlines so the listener has the information they need for the twist to land. Use wordplay that still makes sense on first listen. Above all, sound like you: your perspective, your slang, your stories. Technique gets attention; personality keeps it.

## Editing checklist

- Does every bar earn its place?
- Is there at least one line people will quote?
- Do the rhymes serve the meaning rather than dictate it?
- Does the flow change at least once?
- Can you perform it cleanly, with breath, at full energy?`,
};

export default article;
