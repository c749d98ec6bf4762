import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'promotion-tactics',
  title: 'Promotion tactics for independent releases',
  summary:
    'Promote to the audience you already have first, make short-form video your main tool, add playlists, blogs, radio and small paid tests, and avoid anyone selling guaranteed streams.',
  tags: ['promotion', 'promote', 'marketing', 'promo', 'promotion tactics', 'ads', 'advertising', 'Meta ads', 'blogs', 'press', 'college radio', 'radio', 'playlist curators', 'fake streams', 'bots', 'street team', 'influencers', 'creators'],
  tools: ['chat', 'marketing'],
  body: `Great music still needs a push. Promotion is everything you do to put a release in front of people who are likely to love it. The most effective tactics for independent artists are cheap, repeatable and focused on real listeners.

## Start with your existing audience

Your first listeners are the people who already know you: email and SMS subscribers, followers, friends, local supporters and previous collaborators. Message them directly on release day, personally where possible. A few hundred genuine day-one listeners who save and share the song is a strong start.

## Short-form video first

Short-form video is the most reliable free promotion tactic today. Post many different clips around the song: performances of different sections, the story behind it, studio footage, reactions, challenges or trends adapted to your style. Encourage fans to use the song as a sound in their own videos. Keep going for weeks after release; one clip that connects can restart a song months later.

## Playlists, blogs and radio

- **Editorial playlists**: pitch through Spotify for Artists at least 7 days before release (ideally three to four weeks) and ask your distributor about other platforms.
- **Independent curators**: find playlists that fit your exact sound and contact curators politely, or use reputable submission platforms where curators are paid to listen, not to place.
- **Blogs and online magazines**: target writers who cover your sub-genre or city, with a short email, a private link and your EPK.
- **College, community and online radio**: many shows support local and independent hip-hop and are approachable.
- **Local press**: a story about a local artist is easier to place than a national review.

## Paid advertising

Paid ads on social platforms can help once you know which content already performs organically. Promote your best-performing clip rather than a new untested one, target fans of similar artists, start with a small budget, and measure results such as follows, saves and clicks to streaming. Do not expect ads to fix a song that is not connecting.

## Creators, collaborators and street teams

- **Creators and influencers**: small creators in your niche often have more engaged audiences than large accounts and may be open to using your song in exchange for a fee, free music or a collaboration.
- **Collaborators**: features, producers and videographers should all post on release day.
- **Street team**: loyal fans who share links, put up posters, bring friends to shows and post content, rewarded with early access, merch or shout-outs.
- **Offline**: posters, stickers, QR codes at shows and local businesses still work in a scene.

## Avoid fake promotion

Never pay for **guaranteed streams**, followers or playlist placements from unknown sellers. Fake streams and bot playlists can lead to royalties being withheld, fines from distributors and songs being removed, and they ruin your data. Legitimate promotion buys attention, never guaranteed numbers.

## Measure and repeat

Set a simple goal for each release (for example new followers, email sign-ups or show tickets), track which tactic drove results, and repeat what worked on the next release. Promotion is cumulative: every release should leave you with more fans, contacts and content than the last.`,
};

export default article;
