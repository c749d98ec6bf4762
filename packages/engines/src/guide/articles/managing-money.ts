import { TAX_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'managing-money',
  title: 'Managing money as an independent artist',
  summary:
    'Keep music money in a separate account, track every payment and expense, move a fixed share of each payment into savings for taxes, budget each release, and know what is recoupable before you take an advance.',
  tags: ['money', 'finances', 'budget', 'taxes', 'tax', 'accountant', 'bank account', 'business account', 'income', 'expenses', 'deductions', 'invoices', 'LLC', 'recoup', 'self-employed'],
  tools: ['chat'],
  disclaimer: TAX_DISCLAIMER,
  body: `Being an independent artist means running a small business. Artists who track money early make smarter decisions about where to spend, avoid nasty tax surprises and can show real numbers when a label, manager or investor comes calling.

## Separate your music money

Open a **separate bank account** for music income and expenses. Have your distributor, PRO, merch store and show payments go into it, and pay music costs from it. This makes bookkeeping far easier, helps at tax time, and shows you at a glance whether your music is making or losing money. Later, you might set up a business entity; ask an accountant whether that makes sense where you live.

## Track income and expenses

Keep a simple spreadsheet or use bookkeeping software. Record:

- **Income**: streaming payouts, PRO and publishing royalties, SoundExchange, show fees, merch, beat sales, features, sync fees.
- **Expenses**: beats and licences, studio time, mixing and mastering, distribution fees, equipment, software, video production, ads, travel to shows, merch production.

Save receipts digitally. Many music expenses may be deductible against your income, but the rules depend on your country and situation.

## Set money aside for taxes

Music income is usually taxable. In many countries, self-employed income does not have tax withheld, so you may owe it in one lump sum. A common habit is to move a fixed percentage of every payment into a separate savings account for taxes; an accountant can tell you what percentage fits your situation. In the US, self-employed people may owe self-employment tax and may need to make quarterly estimated payments, and you may receive tax forms from your distributor, PRO or clients. Other countries have their own rules and thresholds.

## Budget each release

Before spending, decide what a release is worth to you and what you hope to get back. A simple release budget might include the beat licence, recording, mixing, mastering, artwork, a video or visualizer, and promotion. Spend where it makes the biggest difference (often the song itself and content), and avoid paying for fake streams or guaranteed playlist placements, which waste money and can get your music removed.

## Understand recoupment

When someone advances you money (a label, a distributor, a producer deal), it is usually **recouped** from your share of future earnings before you receive royalties. Always ask: what is recoupable, from which income streams, and what happens if it never recoups? A big advance can mean years without royalty cheques.

## Protect yourself

- Keep an emergency fund so you are not forced into bad deals by a short-term need.
- Get paid in writing: invoices for shows and features, with clear payment terms.
- Check statements from your distributor and PRO regularly; errors happen.
- Reinvest steadily rather than spending everything on one release.`,
};

export default article;
