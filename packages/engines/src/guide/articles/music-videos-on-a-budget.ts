import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'music-videos-on-a-budget',
  title: 'Music videos on a budget',
  summary:
    'A good low-budget video needs one clear idea, a modern phone can be enough, and good light is the biggest upgrade; get permission for locations and keep the edit tight.',
  tags: ['music video', 'video', 'visuals', 'filming', 'shoot', 'director', 'videographer', 'camera', 'phone', 'lighting', 'editing', 'visualizer', 'lyric video', 'budget'],
  tools: ['chat', 'marketing'],
  body: `A music video gives people a reason to watch, share and remember your song. You do not need a big budget. A clear idea, good light and careful planning beat expensive gear every time.

## Start with one clear idea

Low-budget videos work best with one strong concept that is simple to shoot: a single striking location, a performance with one visual twist, a story told in a few scenes, or a "day in the life" in your neighbourhood. Write it down in a few sentences and make a shot list: every shot you need, where, and which part of the song it covers. Planning is free; improvising on set costs time.

## Gear: a phone can be enough

Modern phones shoot excellent video. To get the most from one:

- Shoot in the highest quality setting, at a consistent frame rate (24 or 30 fps for a film look or standard motion; higher if you plan slow motion).
- Lock focus and exposure so the image does not pulse.
- Use a **gimbal** or tripod for steady shots, or embrace handheld energy on purpose.
- Clean the lens. It sounds obvious and ruins a lot of footage.

If you can, collaborate with a local videographer or film students building their portfolios. Agree on credit, deadlines and who owns the footage in writing.

## Light is the biggest upgrade

- Shoot outdoors in the hour after sunrise or before sunset (**golden hour**) for flattering light, or in open shade on sunny days.
- At night, use existing light sources: street lights, shop signs, car headlights, neon.
- Indoors, place your subject facing a window, or use one or two affordable LED lights. One soft key light is better than many harsh ones.

## Performance and lip sync

Play the song out loud on set (a portable speaker) and rap along at full energy so your mouth matches the audio. Shoot full performance takes of the whole song from several angles and distances; these give the editor coverage to cut to. Then shoot **B-roll**: details, hands, locations, friends, objects that support the story.

## Locations and permission

Get permission for private locations and be aware that some public places require filming permits. Avoid filming people who have not agreed to appear, especially if they are recognisable. Never use other artists' music, logos or copyrighted artwork prominently without permission.

## Editing

- Cut on the beat and change shots with the song's sections.
- Keep it shorter than you think; every shot should earn its place.
- Colour-correct so shots match, then add a consistent look.
- Export a **horizontal** version for YouTube and **vertical** cuts for short-form video.

## Cheaper alternatives

When a full video is not possible, release a **visualizer** (a looping clip or animated cover art), a **lyric video**, or a one-take performance video. These can be made quickly and still give the song a visual home on YouTube and social media.`,
};

export default article;
