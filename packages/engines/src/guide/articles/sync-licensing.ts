import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'sync-licensing',
  title: 'Sync licensing: music in TV, film, ads and games',
  summary:
    'Sync licensing is paid permission to use your music in TV, film, adverts or games; it needs a sync licence for the composition and a master use licence for the recording, so owning or controlling both sides makes your song easier to place.',
  tags: ['sync', 'synch', 'sync licence', 'sync license', 'placement', 'TV', 'film', 'movie', 'advert', 'commercial', 'video game', 'music supervisor', 'music library', 'one-stop', 'master use licence', 'cue sheet'],
  tools: ['chat', 'marketing'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `A sync placement puts your song in a TV show, film, advert, trailer, video game or online video. It can pay an upfront fee, earn performance royalties when the show airs, and introduce you to a new audience.

## Sync licence and master use licence

"Sync" is short for synchronisation: pairing music with moving pictures. To use a recorded song, a production needs two permissions:

- A **sync licence** for the **composition**, from the songwriters and their publishers.
- A **master use licence** for the **recording**, from whoever owns the master (the label, or you if you are independent).

If you control both the composition and the master, you are a **one-stop** shop: the production can clear everything with one contact. Music supervisors love one-stop songs because they are fast and low-risk to clear, which is a real advantage for independent artists.

## How songs get into TV shows and films

**Music supervisors** choose and clear music for productions. They work under tight deadlines and budgets, so they lean on trusted sources:

- **Sync agents and licensing companies** pitch catalogues to supervisors in exchange for a share of the fee.
- **Production music libraries** supply ready-cleared tracks. Some are **exclusive** (they represent the track only through them); others are **non-exclusive**, sometimes re-titling songs so they can be registered separately. Read the terms carefully, especially about ownership and exclusivity.
- **Publishers** with sync departments pitch their writers' songs.
- Direct relationships: some supervisors accept pitches, but respect their stated submission policies.

## Making your music sync-ready

- **Own or control your rights.** Songs on non-exclusive leased beats or with uncleared samples usually cannot be licensed. Exclusive beats, your own productions and cleared material are sync-friendly.
- **Have signed split sheets** and know every writer's publisher and PRO.
- **Deliver alternate versions**: clean (no profanity), instrumental, a cappella, and ideally stems. Many placements use instrumentals or clean edits.
- **Clear, well-tagged metadata**: title, writers, splits, BPM, key, mood, contact info embedded in your files and listed in your catalogue sheet.
- Lyrics that are not too specific can fit more scenes. Strong themes (victory, struggle, celebration, tension) travel well.

## How sync pays

- An **upfront fee** for the licence, negotiated per use. It ranges from very little (or nothing, for exposure on small projects) to large sums for national adverts or big films. Fees are usually split between the master side and the composition side.
- **Performance royalties**: when the show airs on TV, the production files a **cue sheet** listing the music used, and PROs pay the songwriters and publishers. Make sure your songs are registered with your PRO.

Be careful with deals asking you to give up ownership of your master or publishing in exchange for a possible placement. Have a lawyer look at anything exclusive or long-term.

## Getting started

Build a catalogue of sync-ready songs with instrumentals, research libraries and agents that work with hip-hop, and watch shows and games to see what music they use. Quality and reliability matter more than volume: a supervisor who gets a clean, cleared, well-labelled file from you quickly will remember you.`,
};

export default article;
