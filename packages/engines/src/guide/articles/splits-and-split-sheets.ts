import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'splits-and-split-sheets',
  title: 'Splits and split sheets',
  summary:
    'A split sheet is a short signed document that records who wrote a song and what percentage of the composition each writer owns; fill it in at the session, before release, with everyone\'s legal name, PRO, IPI number and share adding up to 100%.',
  tags: ['splits', 'split sheet', 'songwriting split', 'ownership', 'percentages', 'co-writer', 'producer split', 'IPI', 'writer credits', 'session'],
  tools: ['chat', 'marketing'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `A split sheet is a short written agreement that says who wrote a song and what percentage of the composition each writer owns. It takes five minutes to fill in and can save a friendship, a release and a lot of money.

## What is a split sheet

A **split sheet** records the ownership of a **composition** among its songwriters. PROs, The MLC, publishers and admin companies all need these percentages to pay the right people. Without a signed sheet, disputes often surface only after a song starts earning, which is the worst time to negotiate.

Split sheets usually cover the composition (lyrics and music). Ownership of the **master** recording and any producer royalty points are separate questions and are usually handled in a producer agreement, beat licence or label agreement.

## What to put on a split sheet

- Song title (and working title, if different) and the date.
- Each writer's **legal name**, stage name, address, email and phone.
- Each writer's **PRO** affiliation (ASCAP, BMI, PRS, SOCAN and so on) and **IPI/CAE number**.
- Each writer's **publisher** (if any) and that publisher's PRO and IPI.
- Each writer's **percentage** of the composition. All percentages must add up to 100%.
- Notes on any samples or interpolations used, since those can reduce everyone's share.
- Signatures of every writer.

Producers who contributed to the music (the beat) are usually songwriters of the composition and belong on the sheet too.

## How to decide the percentages

There is no legal formula. Common approaches:

- **Equal split**: everyone who was in the room and contributed splits evenly. Simple, and avoids arguments over which line mattered.
- **Contribution based**: a traditional starting point in hip-hop divides the song into music (the beat) and lyrics, often half each, then splits each half among the people who made it. A rapper who wrote their own verse on a two-verse song might, for example, share the lyric half with the other rapper.
- **Negotiated**: when a beat is licensed, the producer's publishing share is often set in the licence terms.

Whatever you choose, agree before anyone feels cheated, and write it down.

## Is it normal for a producer to get 50% of the publishing?

In hip-hop it is common for a producer who made the whole beat to receive around half of the composition, with the other half shared by whoever wrote the lyrics and melodies. The reasoning is that the beat is the music of the song. It is a convention, not a law: co-producers, samples, a separate hook writer, or a leased beat whose licence sets its own publishing terms all change the numbers. Producers may also ask for a fee or master royalty points, which concern the recording rather than the publishing. If a request seems high, ask exactly what it covers, check it against any beat licence you agreed to, and settle it before release.

## When to sign it

Sign the split sheet **at the session or right after it**, while everyone remembers who did what, and definitely before the song is released, registered or pitched for sync. If a song changes later (a new verse, a new producer), update the sheet and have everyone sign the new version.

Use a paper form, a PDF, or one of the apps that collect e-signatures; what matters is that everyone has a signed copy.

## After the split sheet

- Each writer (or their publisher) registers the song with their PRO using the **same percentages**.
- Register with The MLC or let an admin publisher do it.
- If your distributor supports automatic split payments, you can use it to share master income, which is a separate agreement from the composition splits.
- Keep all split sheets in one place, such as a shared drive folder per song.`,
};

export default article;
