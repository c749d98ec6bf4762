import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'working-with-producers',
  title: 'Working with producers: custom beats, fees and agreements',
  summary:
    'Producers are usually paid an upfront fee plus a share of the song: a share of the composition on the split sheet and often royalty points on the master. Agree the fee, splits, points, credit and files in writing before release.',
  tags: ['producer', 'producers', 'custom beat', 'producer fee', 'producer points', 'producer royalties', 'producer agreement', 'beat fee', 'prod by', 'work with a producer', 'studio session', 'pay a producer', 'beat price', 'master points'],
  tools: ['chat', 'marketing'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `A good producer relationship is one of the most valuable things an artist can build. It works best when the creative brief is clear and the money is agreed before the song comes out, not after it starts earning.

## How producers get paid

A producer on your song is usually paid in some combination of:

- **An upfront fee** for the beat or the production work. There is no standard price: it depends on the producer's track record, demand, whether it is a lease, an exclusive or a custom beat, and the budget of the project.
- **A share of the composition** (publishing): the beat is part of the song as written, so the producer usually appears on the split sheet and registers their share with their PRO.
- **Master royalty points**: a percentage of the income the recording earns. In label deals these are often paid from the artist's royalty; independent artists negotiate them directly. Points may only start after certain costs are recovered, so write down when they are paid.
- **Credit**: "prod. by" in the title or credits, which helps the producer get more work.

## Custom beats vs leased beats

A **lease** is a pre-made beat that others can also license. A **custom beat** is made for your song, usually with the rights agreed as an exclusive from the start. Custom work costs more but fits your voice and can be shaped in the session. Agree the number of revisions, the deadline and what files you get.

## Briefing a producer

Give a producer something concrete: two or three reference songs, the tempo range, the mood, whether you want space for a sung hook, and anything you hate. Share your vocal range or a rough demo if you have one. Working in the same room, even once, usually produces better results than emailing beats back and forth.

## Producer agreements

Put the deal in writing, even as a short document both sides sign. It should cover:

- The fee and when it is paid.
- Who owns the master and whether the producer gets points, and on what income.
- The producer's share of the composition, matching the split sheet.
- Credit wording.
- Samples: who clears them and who pays if a sample causes a claim.
- Deliverables: trackouts of the beat, stems and the session tempo and key.

## Credits and metadata

Add the producer's name to your distributor's credits fields so it appears on streaming services, and put their writer details in your PRO and mechanical registrations. Correct credits are how producers get paid and discovered, and how you show future collaborators that you treat people fairly.

## Keep the relationship strong

Pay on time, send the final master and release date, tag the producer in promotion and share the results. Producers talk to each other; being known as an artist who pays and credits properly gets you better beats.`,
};

export default article;
