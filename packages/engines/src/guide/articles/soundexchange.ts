import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'soundexchange',
  title: 'SoundExchange and digital performance royalties for masters',
  summary:
    'SoundExchange collects US digital performance royalties for recordings played on non-interactive services such as satellite and internet radio, and pays the featured artist and the rights owner directly, so register as both if you own your masters.',
  tags: ['SoundExchange', 'digital performance royalties', 'neighbouring rights', 'neighboring rights', 'satellite radio', 'SiriusXM', 'Pandora', 'internet radio', 'webcasting', 'PPL', 'featured artist', 'master royalties'],
  tools: ['chat'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `SoundExchange is a US organization that collects a specific kind of royalty for sound recordings. It is free to join, and if you own your masters and perform on them, you may be owed money from it already.

## What is SoundExchange

**SoundExchange** collects and distributes **digital performance royalties for sound recordings** (masters) in the United States. These come from non-interactive digital services that operate under a statutory licence: satellite radio such as SiriusXM, internet radio and webcasters, the non-interactive radio-style tiers of some streaming services, and music channels on cable and satellite TV.

This is separate from the composition side. ASCAP, BMI and other PROs pay songwriters and publishers for the song; SoundExchange pays for the recording. The same spin on internet radio can therefore pay both your PRO and SoundExchange.

## What it does not cover

SoundExchange does not collect for **on-demand streams** on services such as Spotify, Apple Music or YouTube, where the listener chooses the track. Master income from those is paid to you through your distributor or label. It also does not cover US AM/FM radio: in the US, terrestrial radio pays the songwriters through PROs but pays nothing to the recording owners or performers, unlike most other countries.

## How the money is split

Under US law, the statutory royalties SoundExchange collects are divided in fixed portions (after SoundExchange deducts its administrative costs):

- **50%** to the **rights owner** of the master (the label, or you if you released it yourself).
- **45%** to the **featured artist(s)**.
- **5%** to non-featured musicians and vocalists, paid through a fund administered with the musicians' and performers' unions.

Featured artists are paid directly by SoundExchange, so even a signed artist can receive the artist portion without it going through the label's accounting.

## How to register

If you are an independent artist who owns your recordings, you should register in two roles: as a **featured artist** (or performer) and as a **sound recording copyright owner**. Provide accurate track information including ISRC codes so plays can be matched to your recordings. Featured guests on your tracks should register too. Check that your distributor's metadata (artist names, ISRCs) matches what you register.

## Neighbouring rights outside the US

Most other countries have "neighbouring rights" or "related rights" systems that pay performers and master owners when recordings are broadcast or played in public, often including regular radio. Examples include **PPL** in the UK, **Re:Sound** in Canada and **GVL** in Germany. SoundExchange has agreements with some foreign societies, and there are also neighbouring-rights administration companies that register your recordings internationally for a commission.

## Quick checklist

- Register with SoundExchange as artist and as rights owner if you own your masters.
- Make sure every track has its own ISRC and consistent artist naming.
- Ask featured artists and session performers to register too.
- Check for unclaimed royalties under your artist name; money can accumulate before you register.`,
};

export default article;
