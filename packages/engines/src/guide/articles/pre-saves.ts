import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'pre-saves',
  title: 'Pre-saves: building day-one listeners',
  summary:
    'A pre-save lets fans add an unreleased song to their library so it is saved automatically on release day; start the campaign two to four weeks before release and post snippets so people have heard what they are saving.',
  tags: ['pre-save', 'presave', 'pre-add', 'smart link', 'link in bio', 'countdown page', 'release day', 'anticipation', 'email capture'],
  tools: ['chat', 'marketing'],
  body: `A pre-save lets a fan commit to your song before it is out. When the release goes live, it is automatically added to their library, so you start release day with listeners instead of from zero.

## How pre-saves work

A **pre-save** link asks the fan to log in with their Spotify account (or to "pre-add" on Apple Music and similar features on other services) and grant permission. On release day, the song or project is saved to their library and, depending on the tool, they may also follow your artist profile.

Pre-save links are offered by many distributors and by smart-link services. Spotify has also offered a native countdown page for upcoming releases in Spotify for Artists; check your dashboard for what is currently available. To create one, the release usually needs to be delivered to your distributor with a release date, so upload early.

## Why they are worth the effort

- **Day-one activity**: saves and plays on release day show that people care about the song.
- **Commitment**: someone who pre-saves has taken an action, which is a stronger signal than a like.
- **Data**: many smart-link tools let you collect emails or follow-ups in exchange for a pre-save, which grows a list you own.

Be realistic: pre-saves will not make an unknown song go viral, and the exact influence on recommendation algorithms is not public. Treat them as a way to convert existing interest into plays rather than as a growth hack.

## Getting people to pre-save

- Put the link in your bio and pin it. Say the release date clearly.
- Show the song. People pre-save what they have already heard and liked, so post several short snippets: the hook, the hardest bar, a behind-the-scenes clip.
- Give a reason to act now: an exclusive snippet, early access to the video, a shout-out, entry to a merch giveaway (follow the platform's contest rules).
- Message your email and SMS list directly; they convert far better than social posts.
- Ask collaborators and featured artists to share the link with their audiences.

## Timing

Start the pre-save campaign **two to four weeks before release**. Shorter campaigns do not build enough momentum; much longer ones lose attention unless you keep releasing content. Send a final reminder the day before and a "it's out now" message on release day with the direct streaming link.

## After release day

Swap the pre-save link for a normal smart link that opens the song on every service. Thank the people who pre-saved, and export any contacts you collected into your email list so you can reach them for the next release.`,
};

export default article;
