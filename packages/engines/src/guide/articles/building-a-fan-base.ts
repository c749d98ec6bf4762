import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'building-a-fan-base',
  title: 'Building a fan base',
  summary:
    'Artists who grow usually release consistently, show up on short-form video, have a clear identity, turn listeners into a community and build an email or SMS list they own, over a long period.',
  tags: ['fans', 'fan base', 'fanbase', 'audience', 'grow', 'growth', 'followers', 'community', 'email list', 'SMS', 'newsletter', 'superfans', 'short-form video', 'consistency', 'promotion'],
  tools: ['chat', 'marketing'],
  body: `Streams come and go, but fans stay. The goal is not just more listeners, it is more people who care enough to come to a show, buy a shirt and tell a friend. That happens through consistency, visibility and real connection.

## How do I get more fans

There is no single trick, but most artists who grow do the same few things over a long period:

- **Release consistently.** A steady schedule of songs and content gives people more chances to discover you and a reason to come back.
- **Be visible where discovery happens.** Today that is mostly short-form video (TikTok, Instagram Reels, YouTube Shorts), plus playlists, live shows and collaborations.
- **Have a clear identity.** Fans connect with a recognisable sound, look, story and point of view. Know what makes you different from the thousands of other rappers in your lane.
- **Turn listeners into a community** that you can reach directly.
- **Play the long game.** Most audiences are built over years, one fan at a time.

## Short-form video

Short videos are currently the biggest discovery engine for new music. What works for rappers:

- Performing your hardest bars to camera, in interesting locations.
- Lyric breakdowns, stories behind the song, studio sessions.
- Trends and formats adapted to your personality, not copied blindly.
- Posting several different snippets of the same song to find the one that connects.

Post often enough to learn (several times a week if you can), hook viewers in the first seconds, and pay attention to which videos people watch to the end, share and save.

## Community over followers

A thousand people who genuinely care will support you more than a hundred thousand passive followers. Build that core:

- Reply to comments and DMs, especially early on.
- Create spaces for fans: a Discord server, a broadcast channel, close-friends stories, or a private group.
- Give fans names, inside jokes and first access. Shout out people who share your music.
- Show up in person: local shows, open mics, events in your scene.

## Own your audience: email and SMS lists

Social platforms can change their algorithms or disappear, and you do not own your followers. An **email list** and an **SMS list** let you reach fans directly. Collect contacts with a link in bio, at shows (a QR code on stage or at the merch table) and through pre-save campaigns. Offer something in return: unreleased snippets, early ticket access, exclusive merch. Message the list for every release, show and drop, and keep it personal.

## Collaborate and get local

Collaborations introduce you to another artist's fans. Work with artists, producers, DJs, videographers and dancers around your level. Become part of a local scene: perform, support other artists' shows, and be easy to work with. Local support often becomes the base for everything else.

## Measure what matters

Look beyond raw stream counts: saves, repeat listeners, followers on streaming platforms, email sign-ups, ticket and merch sales, and the number of people who comment or DM regularly. These show whether you are building fans or just collecting plays.`,
};

export default article;
