import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'beat-leasing',
  title: 'Beat leasing vs exclusive licences',
  summary:
    'A beat you find online is the producer\'s copyrighted work, so you need a licence to release on it: a non-exclusive lease is cheap but limited (streams, videos, term) and others can use the same beat, while an exclusive licence stops further sales.',
  tags: ['beats', 'beat lease', 'leasing', 'exclusive', 'non-exclusive', 'type beat', 'YouTube beat', 'free beat', 'tagged beat', 'producer tag', 'BeatStars', 'Airbit', 'stream cap', 'producer credit', 'instrumental'],
  tools: ['chat', 'marketing'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `Most independent rappers start on beats they buy online. Understanding what a lease actually lets you do protects you from takedowns, Content ID claims and disputes when a song finally takes off.

## Can I use a beat I found on YouTube

Not just by downloading it. A beat on YouTube or a beat store is the producer's copyrighted work. To release a song on it you need a **licence** from the producer. Most "type beat" videos link to a store (for example on BeatStars, Airbit or the producer's own site) where you can buy one.

Watch for:

- **"Free download" or "free for non-profit"**: usually means you can practise or post a non-monetised song, but not release it on streaming services or earn money. Read the description and the licence.
- **"Free for profit"**: some producers allow commercial use for free, usually with credit and conditions. Get that permission in writing (the licence file or the producer's written terms), not just a video title.
- **Tagged beats**: the free version usually has the producer's voice tag over it. Releasing the tagged version commercially without a licence is still infringement.

## What a non-exclusive lease gives you

A **non-exclusive lease** lets you use the beat while the producer keeps ownership and can keep selling leases to other artists. Lease tiers commonly differ by the file you get (MP3, WAV, or tracked-out stems) and by limits such as:

- Number of **streams** (audio streams) before you must upgrade.
- Number of sales or downloads.
- Number of **music videos** and video views.
- Radio play, performances, and whether you can monetise on YouTube.
- A **term** (length of time) after which the licence ends or must be renewed.

Leases usually require a **producer credit** (for example "prod. by" in the title or credits) and keep a share of the **publishing** (the composition) for the producer, often around half of the composition for the music, though every licence is different. Check whether the beat contains samples: if the producer did not clear them, your lease does not clear them either.

## Exclusive licences

An **exclusive** licence (often called "buying exclusive rights") means the producer stops selling leases from that point on, and you become the only one who can use the beat going forward. It costs considerably more and often includes stems. Important details:

- Artists who already bought leases usually keep their rights until those leases expire.
- Many "exclusives" are still licences, not a transfer of copyright: the producer keeps ownership of the beat and usually a publishing share and credit, and sometimes a royalty on master income.
- The terms are negotiable, so read them and ask questions before paying.

## When to upgrade

If a song on a leased beat is growing, upgrade before you hit the stream cap, not after. Keep records of every licence (receipt, contract PDF, producer's contact). Distributors, YouTube and labels may ask you to prove you have the rights.

## Content ID and leased beats

Because other artists can lease the same beat, you generally cannot register a non-exclusive beat in YouTube Content ID. Conversely, a producer's Content ID may claim your video; send the producer your licence and ask them to release the claim. Many leases forbid registering the song in Content ID at all.

## Quick checklist

- Buy a licence from the actual producer, never a re-upload.
- Read the limits: streams, videos, monetisation, term.
- Credit the producer as required and put them on the split sheet.
- Ask whether the beat contains samples and whether they are cleared.
- Save your licence documents for every song.`,
};

export default article;
