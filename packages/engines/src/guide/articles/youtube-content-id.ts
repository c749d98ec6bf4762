import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'youtube-content-id',
  title: 'YouTube Content ID and monetisation',
  summary:
    'Content ID matches uploads against registered recordings so the owner can monetise or track them; only register music you fully and exclusively own, which rules out non-exclusive leased beats and uncleared samples.',
  tags: ['YouTube', 'YT', 'Content ID', 'claims', 'copyright claim', 'monetization', 'monetisation', 'YouTube Partner Program', 'Official Artist Channel', 'Art Tracks', 'YouTube Music', 'YouTube Shorts', 'ad revenue'],
  tools: ['chat', 'marketing'],
  body: `YouTube is both a huge discovery platform and a source of income for artists. Content ID is the system that lets rights holders find and earn from uploads that use their music, including videos made by fans.

## How Content ID works

**Content ID** compares every video uploaded to YouTube against a database of reference files submitted by rights holders. When a match is found, the rights holder's policy is applied: **monetise** the video (ads run and revenue goes to the rights holder), **track** it (collect viewing statistics), or **block** it.

Individual artists usually cannot access Content ID directly. Instead, most **distributors** and some specialist companies offer Content ID administration for your releases, usually for a share of the revenue. Once enabled, you can earn from fan videos, lyric videos, dance clips and re-uploads that use your songs.

## When you should not use Content ID

Only register recordings you **fully and exclusively own**. Problems arise when:

- The song is on a **non-exclusive leased beat**. Other artists use the same beat, so their songs would be claimed wrongly. Most lease agreements forbid Content ID registration.
- The song contains **uncleared samples**.
- You released a song also released by someone else, such as a remix.

Wrong claims can lead to disputes, penalties against your distributor account and removal from Content ID. Also **whitelist** (allow-list) your own channel and collaborators' channels so your own uploads are not claimed.

## Dealing with claims on your videos

If your video receives a claim, check who claimed it and what for. If it is the producer of a beat you licensed, send them your licence and ask them to release the claim. If a claim is invalid, use the **dispute** process and explain your rights clearly. Do not dispute valid claims; repeated misuse can hurt your channel.

## Monetising your channel

The **YouTube Partner Program** lets channels earn from ads, memberships and other features once they meet eligibility thresholds for subscribers and watch time, which YouTube updates from time to time; check the current requirements. Even before you qualify, Content ID through your distributor can earn from your music in videos.

Your distributor can also deliver your releases to **YouTube Music**, where they appear as auto-generated "Art Tracks" (audio with cover art). Once you have official releases, you can request an **Official Artist Channel**, which merges your channel and Topic channel and shows a music note badge.

## Growing on YouTube

- Post music videos, visualizers and lyric videos, plus **Shorts** using your own songs to drive discovery.
- Use clear titles (Artist - Song Title), descriptions with streaming and merch links, and accurate credits.
- Encourage fans to use your songs in their Shorts; with Content ID in place, their videos can earn for you and spread the song.`,
};

export default article;
