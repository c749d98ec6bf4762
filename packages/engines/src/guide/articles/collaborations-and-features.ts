import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'collaborations-and-features',
  title: 'Collaborations and features',
  summary:
    'Collaborate with artists whose audience would genuinely like your music, and put every feature in writing: the fee and what is delivered, the songwriting split, any master royalties, credit wording and label clearance if they are signed.',
  tags: ['collaboration', 'collaborations', 'collab', 'feature', 'features', 'feat', 'ft', 'guest verse', 'feature fee', 'joint single', 'remix', 'label clearance', 'waiver', 'collaboration ideas'],
  tools: ['chat', 'marketing', 'lyrics'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `Collaborations are one of the fastest ways to reach new listeners and make better music. They also raise practical questions about money, credit and permission that are much easier to settle before the song is finished.

## Collaboration ideas that actually grow both artists

- **Artists at your level**: a feature swap with a rapper of similar size in a neighbouring city or sub-genre introduces each of you to a fresh audience.
- **Producers**: a joint project with one producer gives a cohesive sound and two people promoting it.
- **Cross-genre**: a singer on your hook, a rock or R&B artist, or a local DJ's remix can reach people who never search for rap.
- **Posse cuts and local compilations**: several artists from your scene on one track or tape, each sharing it.
- **Creators beyond music**: dancers, skaters, comedians, visual artists and streamers who can feature your song in their content.
- **Remix contests or open verses**: invite fans or other artists to jump on your beat, then share the best.
- **Joint content**: studio session videos, live shows on the same bill, or a joint live stream.

Pick collaborators whose audience would genuinely like your music and who will actually promote the release.

## Feature fees

Paid features are common. What artists charge varies enormously, from nothing for a friend or a swap to large sums for established names. The fee depends on the artist's audience, demand and what the song will be used for. Before paying:

- Confirm exactly what you get: one 16-bar verse, ad-libs, hook vocals, a music video appearance, social posts.
- Check their recent engagement, not just follower counts.
- Pay through a traceable method, and use a written agreement.

## Put it in writing

A short feature agreement (even an email both sides confirm) should cover:

- The fee and what is delivered (verse length, files: dry a cappella and stems, deadline).
- **Songwriting split** for their part, recorded on the split sheet.
- **Master royalties**: whether the featured artist gets a percentage of the master income (royalty "points") or just the fee.
- **Credit format**, for example "Artist A feat. Artist B", and use of their name and image in promotion.
- Approval rights: whether they can approve the final mix and release date.
- Promotion commitments, such as posting on release day.

## Label and publisher clearance

If the featured artist is **signed**, their label usually has to approve the feature, often through a **waiver** or clearance letter, and may ask for credit wording or a royalty. Ask early; clearance can take weeks and labels sometimes say no. The same applies if their publishing deal requires approval for co-writes.

## Release day

Use the featured artist field in your distributor's metadata so the song appears on both artist profiles. Agree on a posting plan: both artists posting the same day, a shared video, and a collaborative post where possible so the content appears on both accounts.`,
};

export default article;
