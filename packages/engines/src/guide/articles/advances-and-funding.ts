import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'advances-and-funding',
  title: 'Advances and funding: label, distributor and catalogue deals',
  summary:
    'An advance is money paid up front against your future royalties: you receive nothing more from that deal until your share has paid it back (recouped), so compare the share you keep, what is recoupable and for how long before you sign.',
  tags: ['advance', 'advances', 'recoup', 'recoupment', 'recouped', 'funding', 'distribution deal', 'distributor advance', 'label services', 'catalogue deal', 'catalog', 'sell my catalog', 'royalty financing', 'investment', 'upfront money'],
  tools: ['chat'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `More companies than ever offer independent artists money up front: labels, distributors, label-services companies and investors. An advance can fund a real plan, but it is always paid for out of your future income, so it pays to understand the terms.

## What an advance is

An **advance** is a payment against royalties you have not earned yet. The company keeps your share of the income until the advance is paid back, or **recouped**, and only then do you start receiving royalties again. In most deals you do not have to repay an unrecouped advance out of your own pocket if the music does not earn it back, but the contract decides that, so check.

The real cost of an advance is not the amount; it is the share of income and the rights you give up to get it, and for how long.

## Types of deals that pay advances

- **Record deals**: the label pays an advance and usually owns or controls the masters, paying you a royalty.
- **Distribution and label-services deals**: a distributor pays an advance in exchange for a larger share of your master income, often for a set term, while you may keep ownership.
- **Publishing deals**: a publisher advances money against your songwriting income.
- **Catalogue deals and royalty financing**: investors pay a lump sum for a share of, or all of, the future income of existing songs.

## What gets recouped

Read which costs are **recoupable**, meaning taken from your share before you are paid: recording, videos, marketing, tour support and sometimes more. Watch for **cross-collateralisation**, where losses on one project or income type are recovered from another, such as publishing money repaying a record advance. Ask how long recoupment usually takes at your current income.

## Questions to ask before you sign

- How much of each income type do I keep before and after recoupment?
- How long is the term, and what happens to my masters and songs when it ends?
- Does the deal cover future releases, or only the songs I choose?
- Which costs are recoupable, and are they capped?
- Can I audit the statements, and how often are they sent?
- Is there an option for the company to extend the deal or buy more?

A music lawyer should review any deal that pays an advance; the fee is small next to the income at stake.

## When an advance makes sense

An advance is most useful when it funds something with a clear plan, such as a recording budget, a video or a marketing push, from a partner that adds real value. Taking one to cover living costs, or accepting terms you do not understand because the number is large, is how artists end up locked into deals long after the money is spent. Compare the offer with what you would earn if you kept your full share and grew more slowly.`,
};

export default article;
