import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'contract-red-flags',
  title: 'Record deals and contract red flags',
  summary:
    'Never sign a deal without your own entertainment lawyer, and check who owns the masters, the term and options, the royalty rate, what an advance is recouped from, any 360 clauses and any perpetual grant of rights.',
  tags: ['contract', 'contracts', 'record deal', 'label deal', 'record label', 'signing', '360 deal', 'advance', 'recoupment', 'perpetuity', 'controlled composition', 'reversion', 'lawyer', 'management contract', 'publishing deal', 'deal', 'points', 'royalty rate'],
  tools: ['chat'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `A contract can shape your career for years, sometimes for life. Labels, managers, publishers and production companies use agreements written in their favour. None of that is sinister; it is business. Your job is to understand what you are giving away and to have your own lawyer negotiate.

## Never sign without a lawyer

Before you sign a record, publishing, management, production or distribution deal with any commitment, have an **entertainment lawyer** who works for you (not for the other side) review it. Some work for a flat fee or hourly; a few take a percentage on bigger deals. If a company pressures you to sign quickly, or says you do not need a lawyer, treat that as a red flag in itself.

## What should I look out for in a record deal

These terms deserve close attention:

- **Ownership of masters**: many label deals give the label ownership of your recordings for the life of the copyright. Licence or distribution deals let you keep ownership and grant rights for a limited term.
- **Term and options**: how long the deal lasts, how many albums you owe, and whether the label alone can extend it ("options").
- **Royalty rate**: the percentage you receive (often described in "points", one point being one percent), what it is calculated on, and deductions that reduce it.
- **Advances and recoupment**: see below.
- **Creative control**: who decides singles, features, artwork and release dates.
- **Exclusivity**: whether you can release music elsewhere, do features or side projects.

## 360 deals

In a **360 deal** (multiple-rights deal) the label takes a share of income beyond record sales: touring, merch, sponsorships, publishing, sometimes even appearances. The idea is that the label's investment builds your whole career. Check which income streams are included, whether the percentages are of gross or net, and what the label actually commits to do in return.

## Advances and recoupment

An **advance** is money paid upfront that is recovered ("recouped") from your future royalties before you get paid again. It is usually not a loan you must repay out of pocket if the record fails, but until it is recouped you may see no royalty income. Watch for:

- Costs charged to your account on top of the advance: recording, videos, tour support, marketing.
- **Cross-collateralisation**: losses on one album or income stream recouped from earnings on another.
- Because your royalty rate is a share of income, recouping can take much longer than expected.

## Perpetual terms and reversion

A **perpetual** (in perpetuity) grant of rights means forever. Be very careful with any contract that takes ownership of your songs or masters permanently, especially from small labels, production companies or "investors" who offer little in return. Ask for a **reversion clause**: rights return to you after a set period, or if the company does not release or promote the music, or if you are recouped.

## Controlled composition clause

In US record deals, a **controlled composition clause** lets the label pay reduced mechanical royalties on songs you write (for example a percentage of the statutory rate), often with a cap per album. It directly lowers your songwriting income. Negotiate the rate and the cap.

## Other red flags

- Vague language about what the company will actually do for you.
- Rights to your name, likeness or social media accounts beyond the deal's purpose.
- No right to audit the accounts, or statements you will never receive.
- Management contracts with long terms, no performance targets, or commission on income forever after they leave (sunset clauses should reduce this over time).
- Any fee you must pay to be "signed".

Read every page, ask questions in writing, and walk away from deals that do not survive a lawyer's review.`,
};

export default article;
