import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'merch',
  title: 'Merch for independent rappers',
  summary:
    'Start with one or two items fans would actually wear, test designs with print on demand or pre-orders before ordering stock in bulk, price well above the full cost of each item, and sell at shows and through limited drops and bundles.',
  tags: ['merch', 'merchandise', 'clothing', 't-shirts', 'hoodies', 'print on demand', 'screen printing', 'store', 'bundles', 'drops', 'Bandcamp', 'income'],
  tools: ['chat', 'marketing'],
  body: `Merch is one of the few income streams where a small audience can make real money. A fan who streams your song all month earns you very little; a fan who buys a shirt earns you far more and advertises you every time they wear it.

## Start with what fans will actually wear

Your first merch does not need to be a full clothing line. Start with one or two items that connect to your music:

- A **T-shirt** or **hoodie** with a strong design tied to a song title, a lyric, your logo or your cover art.
- Low-cost extras: stickers, posters, signed CDs or cassettes.
- Items that match your brand and scene. If your fans are skaters, a beanie or a tote may sell better than a hoodie.

Good merch feels like something fans would wear even if they did not know the artist. Keep designs clean, readable and on good-quality blanks; cheap, scratchy shirts do not get worn.

## Print on demand vs ordering stock

- **Print on demand** services print each item only when it is ordered. No upfront cost or unsold boxes, but lower profit per item and less control over quality. Good for testing designs.
- **Screen printing in bulk** costs money upfront and requires you to guess sizes and quantities, but gives much better margins and quality, and you have stock to sell at shows.

A common path: test designs with print on demand or small pre-order runs, then order proven designs in bulk.

## Pricing and margins

Add up the full cost of each item: blank, printing, packaging, shipping, platform fees. Price high enough to leave a real profit after all of that; most artists need several times the production cost to make it worthwhile. Round prices and simple bundles (shirt plus signed CD, for example) make buying at a show faster.

## Drops, pre-orders and bundles

- **Limited drops**: a small run available for a short time creates urgency. Tie drops to releases or shows.
- **Pre-orders**: collect payment first, then print exactly what sold. This removes inventory risk.
- **Bundles**: merch plus a download, a signed item or a ticket increases the average order value.

## Selling at shows

The merch table is where many fans buy. Set it up where people pass, with clear prices, a sign, a card reader or payment QR code, and someone to run it while you perform. Go to the table after your set: fans buy more when they meet you. Check beforehand whether the venue takes a percentage of merch sales.

## Selling online

Use a simple online store or a platform that lets fans buy music and merch in one place. Link it from your bio, your email list and your YouTube channel. Post photos and videos of real people wearing the merch, not just flat mock-ups. Keep track of stock, taxes and shipping costs, and ship quickly; slow deliveries make fans think twice about buying again.`,
};

export default article;
