import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'distribution',
  title: 'Digital distribution: getting your music on streaming services',
  summary:
    'A distributor delivers your music to Spotify, Apple Music and other services, assigns ISRC and UPC codes and pays you the master royalties; upload at least three to four weeks before release so there is time for review and playlist pitching.',
  tags: ['distribution', 'distro', 'distributor', 'DistroKid', 'TuneCore', 'CD Baby', 'UnitedMasters', 'Amuse', 'ISRC', 'UPC', 'metadata', 'upload', 'Spotify', 'Apple Music', 'release'],
  tools: ['chat', 'marketing'],
  body: `You cannot upload a song straight to Spotify or Apple Music as an independent artist. A digital distributor delivers your music to the stores and streaming services, collects the master royalties they pay, and passes them on to you.

## How distributors work

Services such as **DistroKid**, **TuneCore**, **CD Baby**, **UnitedMasters** and many others act as the link between you and the digital service providers (DSPs): Spotify, Apple Music, Amazon Music, YouTube Music, Deezer, TikTok and Instagram's music library, and more. You upload your audio, cover art and metadata once; they format it and deliver it everywhere you select.

Business models vary and change often, so compare current offers:

- **Annual subscription**: unlimited releases for a yearly fee, and you keep all or nearly all of the royalties. Releases may be taken down if you stop paying.
- **Per-release fee**: pay once per single or album, often with a commission on royalties.
- **Commission only**: free to upload, but the distributor keeps a percentage.
- **Selective or label-services deals**: the distributor invests in marketing or advances money in exchange for a larger share, sometimes with contract terms that deserve a lawyer's review.

Extras to compare: split payments to collaborators, YouTube Content ID, publishing administration, cover song licensing, pre-save links and customer support.

## ISRC and UPC codes

An **ISRC** (International Standard Recording Code) identifies a single recording. Every track needs its own, and different versions (explicit, clean, remix, instrumental, sped-up) each need a different ISRC. Streams, sales and royalties are tracked by ISRC, so keep a spreadsheet of yours.

A **UPC** (or EAN) barcode identifies the release as a product: the single, EP or album. Distributors assign both for free if you do not have your own. If you re-release a song on an album or move to a new distributor, reuse the same ISRC for the same recording so its play count and playlist placements carry over.

## Release metadata that matters

Metadata is the information attached to your release. Mistakes here cause songs to land on the wrong artist profile, get rejected, or lose royalties.

- **Artist name**: spelled exactly the same on every release. Map your releases to your existing artist profile on each platform when asked.
- **Featured artists**: put them in the featured artist field rather than only typing them into the title, following your distributor's style guide.
- **Title**: no extra words such as "official", "new single" or emojis unless the style guide allows them.
- **Explicit flag**: mark explicit lyrics as explicit. Create a separate clean version with its own ISRC if you want one.
- **Credits**: songwriters (legal names), producers, engineers. Accurate credits help royalty matching and discovery.
- **Genre, language, release date, label name** (your own label name or your artist name if you have none).
- **Lyrics**: some distributors let you submit them for display on streaming services.

## Timing your upload

Upload at least three to four weeks before the release date. That leaves time for store review, for fixing rejected metadata, and for pitching your song to editorial playlists in Spotify for Artists, which requires the song to be delivered before release. New releases usually go live on a Friday worldwide.

## Switching distributors

You can move, but do it carefully: upload the same audio with the **same ISRCs** and the same metadata to the new distributor, wait until it is live, then take it down from the old one. Otherwise you may lose play counts, playlist adds and saved libraries.

## Claim your artist profiles

Once your first release is live, claim **Spotify for Artists**, **Apple Music for Artists**, **YouTube's Official Artist Channel**, **Amazon Music for Artists** and similar dashboards. They give you audience data, profile control, and in Spotify's case the playlist pitching tool.`,
};

export default article;
