import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'press-kit-epk',
  title: 'Press kits and EPKs',
  summary:
    'An EPK holds a short and a longer bio, links to your best songs, a live performance clip, press photos, real highlights, upcoming dates and contact details; keep it current and link it in every pitch.',
  tags: ['EPK', 'electronic press kit', 'press kit', 'one sheet', 'bio', 'biography', 'press photos', 'press', 'media', 'blogs', 'booking', 'press pitch'],
  tools: ['chat', 'marketing'],
  body: `An EPK (electronic press kit) is a single place where a promoter, journalist, playlist curator or label can learn who you are in under two minutes. A clear, current EPK makes you look professional and makes it easy for people to say yes.

## What goes in an EPK

- **Short bio**: one or two sentences that say who you are, where you are from and what your music sounds like.
- **Longer bio**: a few paragraphs with your story, releases and highlights.
- **Music**: links to your best two or three songs, and the new release you are promoting (private link if it is unreleased).
- **Videos**: your best music video and, importantly for bookers, a **live performance** clip.
- **Press photos**: several high-resolution images in landscape and portrait, well lit, with a photographer credit.
- **Highlights**: notable shows, playlist placements, press quotes, collaborations, streaming or social milestones. Only real, verifiable ones.
- **Upcoming releases and tour dates.**
- **Contact details**: email for management, booking and press, plus social links.
- Optional for bookers: a short **technical rider** and stage plot.

## Writing a bio people will read

Write in the third person, keep it specific, and lead with the most interesting fact. Avoid clichés like "unique sound" and "taking the industry by storm". Concrete details are more memorable: a neighbourhood, an experience that shaped your music, a standout achievement. Give journalists a version they can quote directly. Update the bio with every release.

## Format: web page or PDF

The most practical EPK is a simple **web page** on your own site, or a link-in-bio page that you control, because it is easy to update and share. Some people still want a one-page **PDF one-sheet** with the essentials, so keep one ready. Make sure photos are downloadable and links work on mobile.

## Using your EPK

Include the EPK link in every pitch: emails to blogs and curators, booking inquiries, festival applications, sync submissions and messages to labels. Keep the email itself short and let the EPK do the heavy lifting. For a new release, a tailored one-sheet focusing on that song, with its release date, story and credits, works well alongside the general EPK.

## Keep it current

An outdated EPK with old songs and a two-year-old photo suggests you are inactive. Review it every release: newest music at the top, latest highlights, fresh photos, correct contacts. Remove anything that no longer represents you.`,
};

export default article;
