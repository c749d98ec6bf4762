import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'royalties-and-pros',
  title: 'Royalties 101: performance royalties and PROs',
  summary:
    'A song earns through two copyrights: your distributor pays you for the master, while performance royalties for the composition (radio, TV, venues, streaming) are collected by a PRO such as ASCAP, BMI, PRS or SOCAN, which pays you only if you are a member and your songs are registered.',
  tags: ['royalties', 'PRO', 'performing rights organization', 'ASCAP', 'BMI', 'SESAC', 'GMR', 'PRS', 'SOCAN', 'GEMA', 'SACEM', 'APRA AMCOS', 'radio', 'getting paid', 'writer share', 'publisher share', 'songwriter'],
  tools: ['chat'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `Every time your music earns money, it earns it through one of two copyrights. Knowing which one is being paid, and who collects it, is the difference between getting your money and leaving it on the table.

## How royalties work: two copyrights in every song

A released track contains two separate rights. The **composition** is the song itself: the lyrics, the melody, the flow and the beat's musical parts as written. It belongs to the songwriters (and their publishers). The **master** (sound recording) is the specific recorded version you hear, usually owned by whoever paid for the recording: a label, or you if you are independent.

Each right earns its own royalties and each has its own collectors. Your distributor pays you for the master. Performing rights organizations, mechanical collectors and publishers handle the composition. Many independent rappers collect the master money and never touch the composition side, which can be a large share of what a song earns.

## The main royalty types at a glance

- **Performance royalties** (composition): radio, TV, venues, live shows and streaming. Collected by PROs such as ASCAP, BMI, PRS or SOCAN.
- **Mechanical royalties** (composition): streams, downloads and physical copies. Collected in the US by The MLC for streaming and downloads, and by mechanical societies or admin publishers elsewhere.
- **Master royalties from streams and sales** (recording): paid by streaming services to your distributor or label, then to you.
- **Digital performance royalties for masters** (recording): non-interactive digital radio in the US, collected by SoundExchange; neighbouring rights societies collect similar money abroad.
- **Sync fees** (both): paid when your music is licensed for film, TV, adverts or games.

Each of these has its own article in this guide. If you only have a distributor, you are most likely collecting just the third one.

## Getting paid when your song plays on the radio, TV or in a venue

When a composition is played in public, it earns **performance royalties**. Public performance covers radio airplay, TV broadcasts, music played in bars, clubs, gyms and stores, live concerts, and the performance side of streaming services. The radio station or venue does not pay you directly. It pays a blanket licence fee to a performing rights organization (PRO), which tracks what was played and pays the songwriters and publishers.

To get this money you need to be a member of a PRO and your songs need to be registered with it. If you are not registered, the PRO cannot match the plays to you.

## The PROs: ASCAP, BMI, SESAC, GMR and societies abroad

In the US there are four. **ASCAP** and **BMI** accept songwriters generally once they have a song that has been released, performed publicly or is about to be; check each one's current requirements. **SESAC** and **GMR** (Global Music Rights) are invitation-only. As a writer you can belong to only one US PRO at a time, so pick one; for most new artists ASCAP and BMI are the realistic options and both work fine.

Outside the US, most countries have one society: **PRS for Music** (UK), **SOCAN** (Canada), **GEMA** (Germany), **SACEM** (France), **APRA AMCOS** (Australia and New Zealand), **JASRAC** (Japan) and others. You normally join the society in the country where you live. Societies have reciprocal agreements, so your home PRO collects (through its partners) when your songs are played abroad, although it can take a while to arrive.

## Writer share vs publisher share

Performance royalties are conventionally split into two halves: the **writer share** and the **publisher share**. The PRO pays the writer share directly to the songwriters, and the publisher share to the publishers. A publisher can never take your writer share; it is paid to you even if you sign a publishing deal.

If you have no publisher, the publisher share still exists. Rules differ between organizations on how it is handled when no publisher is registered, so check your PRO's current policy. Many self-published writers either register their own publishing entity with their PRO or sign with an admin publisher so the publisher half is collected properly, worldwide.

## How to sign up and register your songs

1. Join one PRO as a writer (online application; some charge a small one-time fee).
2. Register every song you release: title, all writers, their PRO affiliation and IPI numbers, and the agreed percentage splits. Splits must add up to 100% and match what your co-writers register.
3. Keep your split sheets so you can prove who wrote what.
4. Register before or right at release so early plays are matched.

## Live shows and setlists

Your own concerts can earn performance royalties too. Most PROs let members report setlists from shows they played, which can pay out if the venue holds a licence. It is a small step that many artists skip.

## Common mistakes

- Joining a PRO but never registering songs.
- Co-writers registering different splits, which can freeze payments until it is resolved.
- Assuming your distributor collects performance royalties (it does not; it pays the master side).
- Forgetting the publisher share and mechanical royalties, covered in the publishing article.`,
};

export default article;
