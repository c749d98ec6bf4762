import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'release-admin-checklist',
  title: 'After you upload: registering your song everywhere',
  summary:
    'Once a song is delivered, register the composition with your PRO and a mechanical collector or admin publisher, register the recording with SoundExchange if you are in the US, add lyrics and credits, and claim your artist profiles.',
  tags: ['register my song', 'registration', 'lyrics on Spotify', 'Musixmatch', 'Genius', 'songwriter credits', 'ISWC', 'artist profile', 'admin', 'paperwork', 'spreadsheet'],
  tools: ['chat', 'marketing'],
  body: `Uploading to a distributor gets a song onto streaming services, but it does not register it everywhere it can earn or be found. These steps take an evening per release and are easy to forget.

## Composition: PRO and mechanicals

Your distributor collects money for the recording, not for the song as written. Register every new song with:

- Your **PRO** (for example ASCAP or BMI in the US, PRS in the UK, SOCAN in Canada) with every writer, their IPI number and the agreed split.
- A **mechanical** collector: in the US, The MLC for streaming and downloads; elsewhere your local mechanical society. An admin publisher can do this, and collect abroad, for a commission.

The splits should match your split sheet and what your co-writers register, or payments can be held while the conflict is resolved.

## Recording: SoundExchange and neighbouring rights

If you own your masters and your music can be played on US digital radio (satellite and internet radio), register as both artist and rights owner with **SoundExchange** and make sure your recordings are listed with their ISRCs. Outside the US, neighbouring rights societies such as PPL in the UK collect similar money for broadcast and public performance of recordings.

## Lyrics and credits

- **Lyrics** shown on Spotify and several other services are largely supplied by Musixmatch; claim your artist profile there and submit or verify your lyrics. Some distributors also let you deliver lyrics with the release.
- **Genius** is separate: verified artist accounts can add annotations and correct lyrics.
- **Credits**: fill in producers, writers and featured artists in your distributor's metadata. Credits pages on streaming services come from that data.

## Claim your profiles

Claim or update Spotify for Artists, Apple Music for Artists, YouTube (an Official Artist Channel merges your topic channel and your own), Amazon Music for Artists and any other service your distributor delivers to. Add the new release to your bio, links and pinned posts, and make sure the song links to the correct artist page when you share the same name with someone else.

## Keep a release sheet

Keep one spreadsheet for all releases: title, release date, ISRC, UPC, ISWC if assigned, writers and splits, producer and beat licence, sample clearances, and where each registration was made and when. It saves hours when a distributor, a sync library or a lawyer asks a question years later.

## Check that the money arrives

Performance and mechanical royalties arrive months after the streams, not weeks. Once statements start, check that every song appears, compare PRO and mechanical statements with your distributor's stream counts, and chase anything missing. Unregistered or mismatched songs are the most common reason songwriting money never arrives.`,
};

export default article;
