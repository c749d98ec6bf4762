import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'social-media-strategy',
  title: 'Social media content strategy for rappers',
  summary:
    'Pick a few content pillars, post short videos on a steady weekly schedule, turn every session, show and release into several clips, and use analytics to decide what to make next.',
  tags: ['social media', 'social media plan', 'content plan', 'content calendar', 'TikTok', 'Instagram', 'IG', 'Reels', 'YouTube Shorts', 'posting schedule', 'algorithm', 'content pillars', 'snippets', 'marketing'],
  tools: ['chat', 'marketing'],
  body: `Posting randomly when a song drops rarely works. A simple, repeatable content plan keeps you visible between releases and turns your music into many pieces of content instead of one announcement.

## Pick your content pillars

Content pillars are the three to five kinds of posts you make again and again, so you never start from a blank page. Examples for a rapper:

1. **Music**: performance clips, snippets, freestyles, hooks to camera.
2. **Process**: studio sessions, writing, making the beat, choosing the cover art.
3. **Story and personality**: where you are from, what the song means, your day, your opinions.
4. **Community**: fan duets and reactions, answering comments, shout-outs, live streams.
5. **Education or commentary** (optional): breaking down bars, reacting to your scene, tips for other artists.

Mix pillars so your page is not only "stream my song".

## A simple weekly social media plan

A realistic plan for one person with a phone:

- **Monday**: plan and batch-film. Record five to ten short clips in one session (different outfits and locations if you can).
- **Tuesday to Sunday**: post one short video a day or every other day across TikTok, Reels and Shorts, adapted to each platform.
- **Twice a week**: stories or a behind-the-scenes post.
- **Once a week**: go live, or post a longer video (a freestyle, a vlog, a breakdown).
- **Daily, fifteen minutes**: reply to comments and DMs, and engage with artists and fans in your niche.

Adjust to your capacity. Posting consistently at a modest pace beats posting every day for two weeks and then disappearing.

## Making short videos that work

- **Hook in the first one to two seconds**: start with the hardest bar, a bold statement on screen, or something visually unexpected.
- **Use on-screen text** to give context ("wrote this after...", "POV:", a question).
- Keep it short and loopable. End in a way that makes people rewatch or comment.
- Test several snippets of the same song. Often the part you did not expect becomes the one that connects.
- Use your own song as the sound, so the video drives people to the track.

## Around a release

- **Three to four weeks out**: tease snippets, studio clips, cover art reveal, pre-save link.
- **Release week**: daily posts, live stream, collaborator shares, fan reposts.
- **After release**: performance clips, lyric breakdowns, fan reactions, the music video or visualizer, and more snippets. Keep promoting a song for at least a month; most of your audience has not heard it yet.

## Repurpose everything

One music video shoot can produce dozens of clips. One studio session can give you a vlog, three short videos and photos. Save raw footage in folders by song so you always have material.

## Use analytics, not guesses

Every few weeks, look at what performed: watch time, shares, saves, follows from a post, and clicks to streaming. Do more of what worked, drop what did not, and keep experimenting with one or two new formats at a time.`,
};

export default article;
