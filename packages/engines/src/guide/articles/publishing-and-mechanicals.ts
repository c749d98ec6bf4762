import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'publishing-and-mechanicals',
  title: 'Publishing and mechanical royalties',
  summary:
    'Publishing is the business of the composition. Mechanical royalties are paid when a song is reproduced, including streams and downloads; in the US The MLC collects them for streaming and downloads, and an admin publisher can collect them worldwide for a commission.',
  tags: ['publishing', 'pub', 'mechanical', 'mechanicals', 'mechanical royalty', 'MLC', 'Mechanical Licensing Collective', 'Harry Fox', 'HFA', 'admin publisher', 'publishing administration', 'Songtrust', 'cover song', 'composition'],
  tools: ['chat'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `Publishing is the business of the composition: the words and music of a song, as opposed to the recording. For independent rappers it is often the most overlooked income, because nobody collects it for you unless you set it up.

## What music publishing means

A music publisher owns or administers the rights in compositions, licenses them, and collects the money they earn. The main composition income streams are **performance royalties** (collected by PROs such as ASCAP or BMI), **mechanical royalties**, **sync fees** when a song is placed in film, TV, ads or games, and smaller streams such as print and lyric licensing.

When you write a song and have no publishing deal, you are your own publisher. That is fine, but it means you are responsible for registering your songs with every organization that collects composition money.

## What is a mechanical royalty

A **mechanical royalty** is paid to songwriters and publishers when a composition is reproduced: pressed on vinyl or CD, sold as a download, or streamed on demand. The name comes from the days of piano rolls and mechanical reproduction.

In the US, mechanical rates are set by a government body, the Copyright Royalty Board. For physical copies and downloads there is a per-copy statutory rate (in recent years about 12 cents for a song of five minutes or less, adjusted periodically; check current rates). For on-demand streaming the rate is calculated through a formula based on a percentage of the streaming service's revenue, so there is no fixed per-stream amount. Outside the US, mechanicals are usually collected by a mechanical rights society (for example MCPS, part of PRS for Music, in the UK) or by the same society that collects performance royalties.

## The MLC and Harry Fox

The **Mechanical Licensing Collective (The MLC)** was created by the US Music Modernization Act of 2018. Since 2021 it has administered a blanket licence that covers US streaming and download services, collecting the mechanical royalties they owe and paying them to songwriters and publishers. Self-published songwriters can join The MLC directly at no cost and register their songs. If your songs are not registered, money can sit unmatched.

The **Harry Fox Agency (HFA)** has long issued mechanical licences and collected mechanical royalties for publishers in the US, especially for physical products and certain digital uses. Today most independent artists deal with The MLC for streaming mechanicals, or let an admin publisher handle both.

## Admin publishers

A **publishing administrator** (admin publisher) registers your compositions with PROs, The MLC and collection societies around the world, collects the publisher share and mechanicals, and pays you. You keep ownership of your copyrights. In exchange they take a commission, commonly somewhere around 10 to 20 percent of what they collect, for a set term. Examples of this model include Songtrust, Sentric and the publishing services some distributors offer.

Things to check before you sign with one: the commission, the term and how you can leave, whether they take a cut of money earned before you joined, and whether they claim any ownership (a pure admin deal should not).

## Cover songs and mechanical licences

If you record and release someone else's composition (a cover), you need a mechanical licence for the US and the writers receive mechanical royalties. Many distributors offer a cover song licensing service that handles this for a fee. A cover licence does not let you change the lyrics substantially or use the original recording; those need permission from the rights holders.

## Set-up checklist

- Join a PRO as a writer and register every song.
- Register your songs with The MLC (or let an admin publisher do it).
- Consider an admin publisher for worldwide collection.
- Keep signed split sheets and use the same splits everywhere you register.
- Keep your writer name, legal name and IPI number consistent across all registrations.`,
};

export default article;
