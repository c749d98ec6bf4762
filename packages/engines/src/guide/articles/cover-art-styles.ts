import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'cover-art-styles',
  title: 'Cover art concepts and styles',
  summary:
    'Start cover art from the song\'s idea and mood, then choose a style that carries it, such as minimalist, street art, abstract or photography based, and give your designer a clear brief with references.',
  tags: ['cover art ideas', 'art direction', 'concept', 'minimalist design', 'minimalism', 'street art', 'graffiti', 'abstract', 'abstract concept', 'photography', 'photography based', 'typography', 'designer', 'visual identity', 'aesthetic', 'mood board'],
  tools: ['coverart', 'marketing'],
  body: `Strong cover art starts with a concept, not a filter. Decide what the song feels like and what one image could stand for it, then choose a style that fits. Below are four directions that work well for rap releases, with practical tips for each.

## Finding the concept

Before you pick a style, answer three questions: What is the song about in one sentence? What is the mood (cold, triumphant, nostalgic, paranoid, playful)? What object, place or moment could represent it? Gather references into a **mood board**: covers you like, photos, colours, textures and type. Share it with your designer or photographer so everyone aims at the same thing.

## Minimalist design

Minimalism uses very few elements: one object, one colour field, or a single line of type.

- Choose one strong symbol connected to the song: a key, a chain, a single flower, an empty chair.
- Use a limited palette of two or three colours with strong contrast.
- Leave generous empty space; let the subject breathe.
- Pick one typeface, used small and clean, or no text at all.
- Minimal covers stand out in busy feeds and hold up perfectly at thumbnail size, but the single idea must be strong; simple is not the same as empty.

## Street art style

Street art and graffiti styles connect naturally with hip-hop culture.

- Work with a real graffiti writer, muralist or illustrator from your area, and credit and pay them; it adds authenticity and a story for promotion.
- Photograph a real wall piece, or create a digital piece with spray textures, drips, stencils, paste-ups and stickers.
- Bold outlines, bright colours and hand-drawn lettering read well small; keep lettering legible.
- Get permission before photographing someone else's mural for your cover: the artwork is their copyright.

## Abstract concept

Abstract covers express a feeling rather than show a literal scene.

- Translate the mood into shapes, textures, colours and motion: smoke, liquid, distortion, fragments, light leaks.
- Use a visual metaphor: pressure as a cracked surface, memory as a blurred photo, ambition as a staircase.
- Keep one focal point so the image does not become noise.
- Abstract art pairs well with a series: the same technique in different colours for each single of a project.

## Photography based

Photo covers can be personal and powerful.

- **Portraits**: strong lighting and a clear expression. Direct eye contact feels confrontational or intimate; looking away feels reflective.
- **Places and objects**: your block, your car, your childhood home, meaningful items arranged carefully.
- **Archival photos**: family photos or old snapshots tell a story (get permission from people in them).
- Shoot in RAW if possible, at high resolution, and plan the square crop while shooting.
- Add a consistent grade (colour look), film grain or a border to make it feel designed rather than like a phone snap.

## Working with designers and photographers

Give a clear brief: the song (send it), the mood board, the required specs (3000 x 3000 px, RGB), text to include exactly as in your metadata, the deadline, budget and how many revisions are included. Agree in writing that you can use the artwork for the release, promotion and merch. Ask for layered source files and versions without text for social media.`,
};

export default article;
