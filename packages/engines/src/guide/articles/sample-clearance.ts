import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'sample-clearance',
  title: 'Sample clearance and interpolation',
  summary:
    'To release a song with a sample you usually need permission for both the recording (from the master owner) and the composition (from its publishers); replaying the part instead (interpolation) avoids the master clearance but still needs the publishers.',
  tags: ['sample', 'sampling', 'samples', 'clearance', 'clear a sample', 'interpolation', 'replay', 'flip', 'chop', 'fair use', 'royalty-free', 'sample pack', 'copyright infringement'],
  tools: ['chat'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `Sampling is at the heart of hip-hop, but legally a sample is a use of someone else's copyright. If your song is going to be released commercially, uncleared samples are a serious risk.

## What needs to be cleared

A sample of a recording uses **two copyrights**:

- The **master** (the original sound recording), owned by the record label or artist who controls it.
- The **composition** (the underlying song), owned by the songwriters and their publishers.

To sample legally you usually need permission from **both**: a **master use licence** and a **composition licence** (the publishing side). If either says no, you cannot use the sample as it is.

## Interpolation: replaying instead of sampling

An **interpolation** (or replay) re-records part of a composition, such as a melody, a hook or a lyric, rather than using the original audio. Because you are not using the original recording, you do not need the master owner's permission; you still need permission from the **publishers** of the composition. Interpolating can be cheaper and faster, and it is common when the master owner refuses or asks for too much. Replay companies and session musicians can recreate a sample closely enough to keep the feel.

## How to sample a song legally

1. **Identify the rights holders.** Find the writers and publishers through PRO databases and the master owner through the release credits. Music databases help too.
2. **Send a clear request**: your name, the song you sampled, exactly what you used (with timestamps), how it is used (looped, chopped, pitched), your release plans, and a rough demo.
3. **Negotiate terms.** Typical deals combine an upfront fee with a share of the new song's publishing; the master side may ask for a fee and/or a royalty. Small, transformed samples cost less than a looped hook.
4. **Get it in writing** before release. A verbal yes or a DM is not a licence.

Sample clearance companies and music lawyers do this professionally and know who to contact. For a first release, budget time: clearances can take weeks or months, and some requests are never answered.

## Myths to ignore

- **"Under a few seconds is fine."** There is no safe length. Even a very short, recognisable sample can require a licence.
- **"I changed the pitch, so it's mine."** Chopping, pitching or filtering does not remove the need for permission.
- **"It's fair use because I'm not making money."** Fair use (a US legal defence) is narrow, decided case by case, and not a plan for a release.
- **"My distributor accepted it, so it's cleared."** Distributors do not clear samples. Rights holders can still issue takedowns or sue.

## Royalty-free samples and sample packs

Sounds from reputable sample packs and libraries usually come with a licence allowing use in your releases. Still read the licence: some exclude use in other sample packs, some restrict vocals, and a few "royalty-free" packs contain material the seller had no right to sell.

## What happens if you don't clear

Uncleared samples can lead to takedowns, Content ID claims, money being redirected to the original owners, lawsuits, or having to give away most of your publishing after the fact. If a song is getting traction and contains an uncleared sample, deal with it early, while you still have leverage.`,
};

export default article;
