import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'networking-and-dms',
  title: 'Networking and DM etiquette',
  summary:
    'Give before you ask: support people\'s work first, keep DMs short and personal with one clear ask and one link, follow up once after a week or two, and build relationships in person where you can.',
  tags: ['networking', 'network', 'DM', 'DMs', 'direct message', 'outreach', 'cold email', 'connections', 'relationships', 'industry contacts', 'follow up', 'blogs', 'curators'],
  tools: ['chat', 'marketing'],
  body: `Most opportunities in music come through people: a producer who introduces you to an artist, a promoter who remembers you, a curator who likes how you approached them. Networking is not about collecting contacts; it is about building relationships where you are useful and easy to work with.

## Give before you ask

The strongest relationships start with you adding value: sharing someone's release, showing up to their show, giving genuine feedback, recommending them for an opportunity, or helping at an event. When you later ask for something, you are not a stranger. Support your peers especially; the artists, producers and videographers coming up alongside you become your network later.

## DM etiquette

Cold messages can work, but most are ignored because they are lazy. Before you hit send:

- **Do your homework.** Know who they are, what they work on, and why you specifically are contacting them.
- **Personalise the first line.** Mention something real: a song, a post, a project of theirs.
- **Be brief.** Two to four sentences: who you are, what you are asking, why it fits them.
- **One clear ask.** "Would you be open to hearing a song for your playlist?" is better than "check out my music".
- **One link,** to the specific song or your EPK. No walls of links or file attachments without permission.
- **No mass messages.** Copy-pasted DMs with "bro" and a link are spotted instantly.
- **No "link in bio" replies under strangers' posts** or tagging people in unrelated content.

An example: "Hey Jordan, I've been following your Friday underground playlist since the spring and found two of my favourite local artists there. I'm a rapper from Leeds and just finished a boom-bap single I think fits it. Could I send you the private link?"

## Following up

If there is no reply, follow up **once**, politely, after about a week or two. Then move on. Silence is usually about someone's busy inbox, not about you. Never guilt-trip, argue or send angry messages; the music world is small and people talk.

## Meeting people in person

Go where your scene is: shows, open mics, studio sessions, workshops, panels, listening parties. Be curious, ask people what they are working on, and follow up afterwards with a short message referencing your conversation. Bring a way to share your music quickly (a QR code on your phone works).

## Email outreach to blogs, curators and industry

For press, playlists and bookings, a short professional email works best: a clear subject line (artist name, song title, release date), two or three sentences about the song and why it fits, a private streaming link and your EPK link, and your contact details. Send it a few weeks before release where possible.

## Be someone people want to work with

Reply on time, meet deadlines, credit people properly, pay what you promised, and say thank you. Reputation spreads faster than music. The artist who is talented, reliable and pleasant gets the second call.`,
};

export default article;
