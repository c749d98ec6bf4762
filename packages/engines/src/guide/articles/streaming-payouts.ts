import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'streaming-payouts',
  title: 'How streaming pays: per-stream rates and where the money goes',
  summary:
    'There is no fixed per-stream rate: services share out subscription and ad revenue by each recording\'s share of all streams, so a stream is worth a fraction of a cent on average, and that money is split between the recording and the songwriting side.',
  tags: ['per stream', 'pay per stream', 'per-stream rate', 'streaming royalties', 'streaming income', 'streaming payouts', 'Spotify pay', 'how much does Spotify pay', 'payout', 'pro-rata', 'stream share', 'streams', '1000 streams', 'money from streams', 'earnings'],
  tools: ['chat'],
  disclaimer: 'General information, not financial advice. Streaming services change their payment rules; check their current published terms.',
  body: `"How much does Spotify pay per stream?" is one of the most asked questions in music, and the honest answer is that there is no fixed rate. Understanding how the money is calculated explains why your statements vary and where the rest of the money goes.

## There is no fixed rate per stream

The major services mostly pay **pro-rata**: each month, a service takes the revenue from subscriptions and ads in a country, keeps its own share, and divides the rest between rights holders according to their share of all streams there. So what one stream is worth depends on:

- The country of the listener and the price of subscriptions there.
- Whether the listener pays for a subscription or uses a free, ad-supported tier.
- The total number of streams on the service that month.
- The deal between the service and your distributor or label.

This is why two songs with the same stream count can earn different amounts, and why the value per stream moves from month to month.

## Rough numbers, and why to treat them carefully

When you divide a statement by its streams, the average usually comes out at a fraction of a US cent per stream. Commonly cited estimates for Spotify put the recording side at roughly a third to half a cent per stream, or a few dollars per 1,000 streams, before your distributor, label or collaborators take their shares. Apple said in 2021 that its average was about one cent per play. Treat any single figure as a rough guide: your own statements are the only reliable number for your music.

## Where the money from one stream goes

1. The service keeps its share.
2. The **recording (master)** side is paid to your distributor or label, which takes its fee or share and pays you. This is the number on your distributor dashboard.
3. The **composition** side is paid separately: **mechanical** royalties (in the US through The MLC) and **performance** royalties through PROs, split between the songwriters and publishers.

If you only have a distributor, you are probably collecting only step two. Registering as a songwriter with a PRO and a mechanical collector or admin publisher adds the songwriting money.

## Minimum thresholds

Some services set minimums. Spotify announced that, from 2024, a track needs at least 1,000 streams in the previous 12 months to generate recorded-music royalties. Rules like this change, so check the current terms, and remember that streams spread across many tiny releases can fall below thresholds that one stronger release would pass.

## Getting every cent you are owed

- Register songs with your PRO, and with The MLC or an admin publisher, at or before release.
- Register your recordings with SoundExchange if your music is played on US digital radio.
- Keep metadata, ISRCs and splits consistent across every registration.
- Check statements for missing countries or services, and ask your distributor about gaps.

## Never buy streams

Services detect artificial streaming. Consequences include removed streams, withheld royalties, penalties charged to distributors and labels, and releases taken down. Any promotion offering guaranteed streams or playlist placements for a fee is a risk to your whole catalogue.`,
};

export default article;
