import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'reviewing-your-track',
  title: 'Reviewing your own track: lyrics, flow, structure and commercial potential',
  summary:
    'Review a track in passes: lyrics (clarity, specific detail, memorable lines), flow and delivery, structure (how soon the hook arrives) and commercial potential, then get specific feedback from listeners outside your circle and act on patterns.',
  tags: ['review', 'feedback', 'critique', 'review my lyrics', 'self-review', 'lyric review', 'track review', 'commercial potential', 'hit potential', 'improve', 'evaluate', 'A&R ears', 'quality control', 'structure feedback'],
  tools: ['review', 'lyrics', 'chat'],
  body: `Honest feedback is the fastest way to improve, and the most useful feedback often comes from learning to review your own work like an A&R would. Use this checklist before you release, and when asking others for their opinion.

## How to review your lyrics

Read the lyrics on paper, then listen while reading along.

- **Clarity of idea**: can you say what the song is about in one sentence? Does every verse support it?
- **Specificity**: are there concrete details and images, or mostly general claims anyone could make?
- **Memorable lines**: mark the bars people would quote. If there are none, write some.
- **Filler**: underline words and lines that only exist to fill the rhythm or complete a rhyme. Rewrite them.
- **Rhymes**: are they varied (multisyllabic, internal, slant) or predictable? Do any feel forced?
- **Voice**: does it sound like you, or like an imitation of someone popular?
- **Clean version**: if you want radio, sync or brand use, can the song work with the explicit words removed?

## Flow and delivery

Listen without reading. Do the words sit in the pocket of the beat? Is there enough variation in rhythm, or does every bar use the same cadence? Does the delivery change with the emotion of the lyrics? Are all words intelligible on a phone speaker? Is the energy convincing from start to finish? Compare a section with a favourite professional track in the same style to hear the difference.

## Structure and arrangement

- Does something interesting happen in the first 10 seconds?
- How quickly does the hook arrive?
- Do the sections contrast enough (verse vs hook, verse 1 vs verse 2)?
- Is there a moment of change (beat switch, bridge, breakdown) before the song becomes predictable?
- Is the song longer than it needs to be? Try an edit that is 20 percent shorter.

## Commercial potential

Commercial potential is not about sounding like everyone else; it is about how easily a song can find and keep listeners. Ask:

- **Hook strength**: would a stranger remember it after one listen?
- **Replay value**: does the song reward a second listen?
- **Shareable moment**: is there a line, a beat drop or a phrase that people could use in a short video, caption or chant?
- **Fit**: which playlists, radio shows, DJs or sync uses would this song fit? If you cannot name any, that is a signal.
- **Production quality**: does the mix and master hold up next to songs in those playlists, at matched loudness?
- **Story**: is there an angle for promotion (a personal story, a collaboration, a local moment)?

No checklist predicts a hit, but songs that score well on these questions give marketing something to work with.

## Getting feedback from others

- Ask specific questions ("Where did you lose interest?", "Which line do you remember?") rather than "Is it good?".
- Play it for people who listen to your genre but are not your close friends or family.
- Watch people listen; skipping, phone-checking and head-nodding say more than words.
- Look for patterns: one opinion is a data point, three people saying the same thing is feedback.
- Test snippets on social media and see which parts people respond to.

## Acting on feedback

Prioritise changes that affect the most listeners: an intelligible vocal, a stronger hook and a tighter structure matter more than one clever bar. Keep a notes file per song with what you changed and why, and compare results release by release.`,
};

export default article;
