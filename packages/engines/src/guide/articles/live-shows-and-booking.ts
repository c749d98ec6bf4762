import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'live-shows-and-booking',
  title: 'Live shows and booking',
  summary:
    'Start at open mics and showcases, build a local draw you can prove, approach bookers with an EPK and a live clip, and agree in writing whether you get a guarantee, a door deal or a versus deal.',
  tags: ['live', 'shows', 'gigs', 'gig', 'concert', 'performing', 'booking', 'open mic', 'showcase', 'promoter', 'venue', 'guarantee', 'door deal', 'rider', 'tech rider', 'stage plot', 'tour', 'opening act'],
  tools: ['chat', 'marketing'],
  body: `Live shows turn casual listeners into fans faster than almost anything online. They also build your network and, over time, become real income. Start small, get good, and treat every show professionally.

## Where to start: open mics and showcases

- **Open mics** are where you learn stage presence, breath control and how to read a crowd. Go regularly, support others, and meet the hosts and promoters who run them.
- **Showcases** put several local artists on one bill. They are good for exposure and networking. Be cautious with **pay-to-play** offers, where you must pay a fee or pre-sell a large number of tickets to perform; some are legitimate development events, many just profit from hopeful artists.
- **Opening slots** for touring or bigger local artists put you in front of a crowd that already likes similar music. Promoters give these to artists who draw people and behave professionally.

## How to get booked

Promoters and venues book artists who bring people. Before asking for a show:

- Build a local draw: fans you can personally invite, an email or SMS list, and proof that people come.
- Have an **EPK** with your best songs, a live performance video, photos and social links.
- Email or message the venue's booker or promoter briefly: who you are, which date or show you are interested in, how many people you can realistically bring, and a link to a live clip.
- Follow up once after a week or so. Be reliable, on time and easy to deal with, and promoters will call you again.

## Deal types: guarantees, door deals and splits

- **Guarantee**: a fixed fee regardless of ticket sales. Common for established artists; newer artists may get a small one.
- **Door deal**: you get a percentage of ticket or door money, sometimes after the venue's costs are covered.
- **Versus deal**: you get the greater of a guarantee or a percentage of the door.
- **Ticket splits / pre-sales**: you earn a share of tickets sold with your code or link.

Agree the deal **in writing** before the show, even if it is just an email: fee or percentage, set time and length, load-in and soundcheck times, how many guests you can put on the list, and whether you can sell merch (and whether the venue takes a cut). At the end of the night, the **settlement** is when you are paid and can see the numbers.

## Riders

A **technical rider** lists what you need on stage: the number of microphones, how your music will be played (DJ, laptop, USB, backing tracks), monitor needs, and a simple **stage plot** showing where everyone stands. A **hospitality rider** lists things like water, food and guest list spots. Keep both short and realistic at the beginning; promoters appreciate artists who know what they need.

## Preparing a strong set

- Rehearse the full set out loud, standing up, as many times as it takes to perform it without running out of breath.
- Decide on backing tracks: instrumentals, or instrumentals with vocal backing on key lines and ad-libs. Many rappers use a track with a lighter backing vocal so the lead is live.
- Plan the order: open strong, put your best-known song near the end, and keep transitions tight.
- Bring your music on two sources (for example a USB drive and your phone), clearly labelled.
- Give the crowd something to do: a call-and-response hook, a chant, a moment to put phones up.

## Make every show count

Bring **merch** and a card reader, put a QR code for your email list on stage or at the table, film the set for content, and thank the promoter and venue staff. Tag everyone afterwards. A good show is also a week of social content.`,
};

export default article;
