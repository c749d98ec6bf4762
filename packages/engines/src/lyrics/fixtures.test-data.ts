// Sample verses shared by the lyrics tests (written for these tests).

export const AABB = `I came up from the bottom with a dream and a plan
Now the city know my name and they call me the man
Every verse that I write is a shot at the crown
Every show that I rock got the whole of the town`;

export const ABAB = `Late night thinking 'bout the road I chose
Pen in my hand and my mind on the page
Every single scar is a story that grows
Turning all the pain into fire on the stage`;

export const AAAA = `I been on the block since the break of the night
Every single dream that I had was in sight
Now they see me shining like a diamond in the light
Money for my mama make the future look bright`;

export const ABCB = `Walking through the city with my hoodie on
Every corner got a story and a lesson to learn
Mama told me keep it humble when the cameras flash
Now I'm standing on the stage and it's my turn`;

export const MULTI = `I got a little honey and a whole lot of money
Told her that it's funny how the summer got sunny
Pull up to the party and we walk in slowly
Everybody holler like they really know me`;

/** An even, rhymed 8-bar verse (every bar 13-14 syllables). */
export const EVEN = `I been writing every night until the morning light
Every word I put together got to hit it right
Moving through the city with a fire in my chest
Never stopping for a minute till I get the best
Pen is moving steady and the flow is in control
Every bar I'm building got a story for the soul
Looking at the future and I'm never looking back
Every single verse I put together on the track`;

/** A 64-bar text for timing: four different 16-bar verses. */
export function longVerse(): string {
  const extra = [
    'Came up on the corner where the winter gets cold',
    'Every little lesson was a story to be told',
    'Mama said to keep it humble never let it go',
    'Now the whole city waiting for the next show',
    'Riding with the windows down the summer in the air',
    'Everybody looking but I never really care',
    'Took a couple losses but I learned from every fall',
    "Now I got the money and I'm standing ten tall",
  ];
  const verses: string[] = [];
  for (let v = 0; v < 4; v++) {
    const lines = [...EVEN.split('\n'), ...extra].map((l, i) => (i % 4 === v ? `${l} yeah` : l));
    verses.push(lines.join('\n'));
  }
  return verses.join('\n');
}

/** EVEN with bar 3 made much longer. */
export const UNEVEN = EVEN.replace(
  'Moving through the city with a fire in my chest',
  'Moving through the city with a fire burning deep inside of my chest and I cannot take a rest',
);

export const VARIED = `Got a little paper and I'm stacking it up
Every single dollar got me filling my cup
Working through the weekend while they sleeping on me
Now the whole block talking 'bout the way that I be
Came up from the corner with a pen and a page
Every little setback only added to the rage
Now I'm moving forward with a vision and a plan
Every single verse is another brick in the span`;

/** VARIED with "money" forced in six times. */
export const REPETITIVE = `Got a little money and I'm stacking it up
Money money money got me filling my cup
Working for the money while they sleeping on me
Now the whole block talking 'bout the money I be
Came up from the corner with a pen and a page
Every little setback only added to the rage
Now I'm moving forward with a vision and a plan
Every single verse is another brick in the span`;

/** MULTI with the bar endings changed so nothing rhymes at the end. */
export const UNRHYMED = `I got a little honey and a whole lot of space
Told her that it's funny how the summer went by
Pull up to the party and we walk in the door
Everybody holler like they never want to leave`;
