import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'music-industry-roles',
  title: 'Who does what: music industry roles',
  summary:
    'A manager guides your career for a commission (often about 15 to 20 percent), a booking agent finds shows, an entertainment lawyer reviews contracts, A&R people find and develop artists for labels, and a publicist gets you press.',
  tags: ['manager', 'management', 'booking agent', 'agent', 'lawyer', 'attorney', 'A&R', 'artists and repertoire', 'publicist', 'PR', 'label', 'promoter', 'business manager', 'team', 'roles'],
  tools: ['chat'],
  body: `As your career grows, other people start working with you. Knowing what each role does, how they are usually paid and when you need them helps you build a team without giving away more than you should.

## Manager

A **manager** guides your career as a whole: strategy, release plans, building the team, negotiating with labels and partners, and handling day-to-day business so you can focus on music. Managers are commonly paid a **commission**, often in the range of about 15 to 20 percent of your income, sometimes with certain income types excluded. Early on, a friend or family member may act as manager; put the arrangement in writing anyway, with a clear term and what happens to commission after it ends.

## Booking agent

A **booking agent** finds and negotiates live shows and tours, working with promoters and venues. Agents typically take a percentage of show fees, often around 10 percent. In some places agents are licensed and regulated, and managers may be restricted from acting as agents. Agents usually sign artists who already draw crowds, so build your live numbers first.

## Entertainment lawyer

A **music or entertainment lawyer** reviews and negotiates contracts: record, publishing, management, producer, distribution and sync deals. They may charge hourly, a flat fee per contract, or a percentage of the deal. You need one before signing anything significant. Make sure your lawyer is not also representing the other side.

## A&R

**A&R** stands for **artists and repertoire**. A&R people at labels and publishers find and sign talent, and help develop artists creatively: choosing songs, producers, features and singles. A&Rs watch streaming data, social media and live scenes. They are not usually people you pay; they are the label's talent scouts and creative managers.

## Publicist (PR)

A **publicist** gets you press coverage: interviews, features, reviews and media appearances. Publicists are usually paid a monthly retainer for a campaign around a release or tour. Hire one when you have a story and a release worth covering; PR amplifies momentum, it rarely creates it alone.

## Other key people

- **Producer**: creates the beat and often guides the recording; usually paid a fee and/or royalty points and a publishing share.
- **Recording, mixing and mastering engineers**: paid per song or per hour.
- **Promoter**: puts on shows, takes the financial risk, and pays artists a guarantee or a share of the door.
- **Label**: funds and markets recordings in exchange for rights and a share of income.
- **Distributor**: delivers your music to streaming services.
- **Publisher or admin publisher**: registers and collects your songwriting royalties.
- **Business manager or accountant**: handles finances, taxes and budgets once income grows.

## Who to get first

Most independent artists start with a lawyer when a contract appears, an admin publisher for royalties, and a manager once the workload and opportunities are too much to handle alone. Agents and publicists usually come when there is momentum to build on. Whoever you bring in, check their track record, talk to artists they work with, and get the deal in writing.`,
};

export default article;
