// The rhyme engine's evaluation set: labelled pairs over ORIGINAL bars, written
// for this project (no line is taken from a song). Each couplet is two bars
// whose ENDINGS are compared, labelled by what a rapper hears:
//   P  perfect end rhyme on the last stressed vowel only (the vowel before differs: no multi)
//   S  slant end rhyme: same stressed vowel, other consonants (assonance), or close vowel, same consonants
//   M  multisyllabic end rhyme: two or more stressed vowels in sequence, often across word boundaries
//   N  no rhyme, though the endings look alike on the page (cough / dough, love / move, bomb / tomb)
// Internal rhymes are single bars with two words that rhyme inside the bar (I),
// or two words that only look alike (X).
//   I | bar | word | word
//   X | bar | word | word
// Many bars are spelt the way rap is written (prayin', killa, tryna, y'all, $50, 24/7)
// so that the pronunciation rules are measured too.

export const RHYME_EVAL_SET = String.raw`
P | Woke up at dawn and had to chase the sun | nobody ever handed me a single one
P | I keep a little notebook by the bed | every thought I lose is money left unsaid
P | She told me slow it down and take it light | I was running on the fumes of yesterday's night
M | Tell the driver turn it up and take the long way | Momma always said to never trust a short day
P | The corner store was open but the shelves were bare | we split a bag of chips and acted like we didn't care
P | I was seventeen and nervous on the stage | now I fill a stadium and never check the page
P | Kept a picture of my brother in the dash | every mile I drove for him, I never crashed
P | They said I'd never make it past the block | now the whole town's waiting on my drop
P | The pen is heavy but I lift it every day | I got a lot to tell and nothing left to say
P | Cold coffee on the counter, I forgot the time | spent the whole night chasing after one more line
P | I remember when the lights got cut | we lit candles and we kept the windows shut
P | Rain on the window and it sounds like drums | I don't run from nothing, let it come
P | I built a house from every door they closed | grew a garden where the concrete froze
P | My uncle fixed engines with his bare hands | taught me patience, nothing ever goes as planned
P | Every scar I got is proof I stood | I would change a thing but never if I could
P | Sitting in the studio until the birds sing | every take I cut is worth more than a ring
P | Rent was late again, the landlord at the gate | Momma cooked for six and never filled her plate
P | They don't see the work behind the shine | I been on this since I was barely nine
P | The bus was late so I just walked in the cold | pockets full of dreams I never had the chance to hold
P | I never asked for help, I paid my dues | walked a thousand miles in my cousin's shoes
P | Big dreams in a little room | I can smell the summer coming soon
P | Grandma used to hum it while she cleaned | I can hear her in the verses in between
P | Lost some friends along the way to here | I still pour one out for them every year
P | Every morning I'm the first to rise | I can see the hunger in my mother's eyes
P | Don't call me lucky, I was up at four | scrubbing floors and dreaming of a bigger door
P | I got a soft heart but a steady hand | nobody in the room can understand
P | I was praying for a sign, I got a flood | washed the city clean and left me in the mud
P | The block was quiet and the night was thick | I kept my head down, moving fast and quick
P | Tell my sister that I'm coming home | I been out too long, I been on my own
P | Paper plates at every birthday cake | every candle was a wish I couldn't make
P | Came from nothing, now I'm holding weight | every door I open, I don't hesitate
P | My first verse was written on a napkin | now the people want to know what's happening
P | I kept my circle tight, I kept it real | I never had to lie about the way I feel
P | Everybody wants a piece until it's cold | silver in my pocket, but my heart is gold
P | She left a note that said she'd call me back | I never heard the phone, I was on the track
P | I learned to swim the day they pushed me in | I learned to lose before I learned to win
P | The city sleeps but I don't close my eyes | I can hear the siren singing lullabies
M | I'm on the roof and I can see the whole town | every light below me like a broken crown
P | Mama kept a candle in the window, she was prayin' | I told her I was fine but I was barely stayin'
P | I was out there hustlin' every single day | now they want a feature and they want to know the pay
P | My cousin was a killa with the pen | every time he wrote it, he would write it all again
P | I'm tryna make a million out of nothing | every one of y'all know I ain't bluffing
P | I know y'all been waiting on the fall | I'm still standing tall above it all
P | I ain't never had a thing they didn't paint | fake smiles on the faces of the saints
P | Tell 'em I'm the one they couldn't stop | I was on the bottom, now I'm on the top
P | I'm finna take the whole thing over | every four-leaf clover in a Rover
P | I been grinding 24/7 | counting every blessing up to heaven
P | Came up with a hundred in my pocket, I was ten | doubled it and doubled it and did it all again
P | I made $50 selling mixtapes at the fair | now I'm on the radio and everybody there
P | We was at the park until like 2 | nothing else to do but me and you
P | Back in '09 I was sleeping on the floor | now I got a key to every single door
P | I gotta keep it moving, I can't wait | every minute counts and I refuse to be late
P | I was a runner, now I'm a leader | every new beginning needs a reader
P | Shawty told me slow it down, I'm movin' fast | every single moment is a moment in the past
M | We been workin' on it since the break of dawn | I don't even notice when the day is gone
P | I'm sittin' on the porch with a cold drink | ain't nobody got the time to stop and think
P | Tell 'em that I'm comin' with the heat | I been running laps around the street
P | I could tell you stories 'bout the winter | how the cold would make the window splinter
P | Lil homie said he'd never leave the block | now he's running fifty miles around the clock
P | The teacher said I talk too much in class | now I get paid to talk and I talk fast
P | Sneakers on the wire by the school | every kid around here had to learn the rule
P | It's cold outside, I'm wrapped up in a coat | every word I wrote was just a little note
P | Catch me in the kitchen cooking beans and rice | mama said be careful and be nice
P | We ain't have a car so we would take the train | every window on the ride was streaked with rain
P | My father left a toolbox and a name | I never got to ask him why he came
P | I can hear the bassline through the wall | I been waiting on the weekend, that's all
P | Every dollar that I made, I put it back | every brick I laid was on a narrow track
P | They took the swings down from the playground | I still hear the laughter in the old sound
P | The streetlight flickered like it had a thought | I remember every single fight we fought
P | I used to stutter when I had to read | now the words come out like water when I bleed
M | I been working in the dark for too much time | every hour on the clock is just another line
S | I got a vision and I'm never giving up | I'm too focused, I don't even need the luck
S | They talking loud but they ain't saying much | I been building while they waiting on the clutch
S | Lost a job and found a reason on the way | I was broke but I was smiling every day, I made
S | The winter came and took the leaves away | I kept my head up through the cold and grey, I stayed
S | The road is long but I can see the end | I lost a lot of time but never lost a friend
S | My mother's hands were always cracked and dry | she never let me see her when she cried, she tried
S | I keep my faith inside a little box | I carry it around the city blocks, it never stops
S | We used to run the bases in the park | now we run the business after dark, we left a mark
S | The night is young and I'm not going home | I'm on the corner with my cousin's phone
S | I came in the game with a plan and a pen | I'm a wolf in a cage, let me out of the den, again
S | Every road I take is leading to the same place | I can see it on the map and on my brother's face
S | He gave me his jacket when the weather turned | I still keep it with me, all the things I learned
S | I never had a map, I had a feeling | I kept my eyes fixed upon the ceiling
S | I'm on a mission, I ain't stopping for the night | I can feel it in my bones and I can feel it in my pride
S | Every day I wake up and I take a shot | I give it everything and everything I got, a lot
S | Momma said to keep my head above the tide | every time I feel it pulling, I just step aside, I ride
S | The beat drops and I'm gone like the wind | every verse I write is where the story begins
S | I'm all in, no fold, I'm playing every hand | nobody can tell me that I don't understand the land
S | I been stacking every penny in a jar | now I'm looking at the keys and I'm a star
S | I walked in with my head high | they looked at me like I was just a passerby, a lie
S | I got a couple scars from all the fights | I been working through the days and through the nights, the lights
S | He kept his money hidden in a shoe | he never told a soul except for me and you, we knew
S | They tried to cage me but I broke the lock | I was on the move like the second hand of a clock, the block
S | I'm on the late bus with the window cracked | every stop I pass, I'm never looking back, the map
S | Wake up, grind, do it all again | pen to the pad, I'm the last of the men, the ten
S | Every night I'm writing till my fingers ache | every line I write is all I need to make, the break
S | I'm on the porch with the radio on | every single station got a different song, along
S | I was a kid with a dream and a rhyme | I would write for hours, I would lose track of time, the climb
S | They told me I was crazy, I was lost | I paid the price but never counted what it cost, the boss
S | We was sharing one room and a bed | I would listen to the rain up overhead
S | She got a laugh like a summer parade | I can hear it every time the music played
S | I been thinking 'bout the things I never said | I been running all the lines inside my head, instead
S | Hands in the air when the bassline hit | I been waiting all my life to feel it, this is it
S | Kept a candle lit for every one we lost | held the line and never counted up the cost
S | I can see the finish line ahead | every doubter in my ear, I left for dead
S | I'm sipping on the tea, I'm feeling fine | counting every blessing, I'm just taking my time
S | They said the rapper couldn't write a song | I came back and made a record ten songs long
S | Every light I see is just a star | every scar I got just shows how far
S | I remember when the gym was closed | we would play in the street until the streetlights glowed
S | I never had a fortune, just a pen | every page I fill, I write it all again
S | My neighbor used to sing in the hall | every note would echo off the wall
S | My pops had a job at the mill | when the whistle blew, the whole town would stand still
S | I walk the line and never cross the tape | I'm too far gone, there ain't no escape
M | On the block it's cold nights, no lights | I'm in bold type, so right
M | I had a paper plan and a major fan | now I'm a later man with a data plan
M | I kept my money tight and my honey right | every funny fight turned into a sunny night
P | I'm in the kitchen cooking up a mission | every vision in my head is a decision
M | I seen the sunrise from the window of the Greyhound | every one of my dreams was on the way down
M | I'm on a road trip with a cold grip | holding every broke chip like a gold ship
M | She said I'm too slow, I said I'm too cold | I been on that new road, I been in that blue zone
M | I never had a dollar, I was hollow | every day I had to swallow what would follow
M | I keep the faith when the day gets long | I keep the pace when the place gets wrong
M | I'm on the grind with my mind on the money | all the time, every line, it's so funny
M | The city never sleeps, it's a deep sleep | everybody on the street got a cheap seat
M | We was broke in the winter with no heat | every bone in my body was a cold feet
M | Keep the fire in your heart and your eyes wide | every liar in the dark got a side ride
S | We made it out the basement | nobody can replace it
P | Every word is a bullet in the chamber | every verse I deliver is a danger
M | I got the whole world watching, it's a rough game | I'm the cold one, talking, with a tough name
M | I'm chasing my dreams like a runaway | ain't nobody else gonna come and say
M | I was grinding in the cold with my old man | now I'm holding what I'm told in a gold hand
P | I'm living in the moment, I don't need a crown | I'm giving every ounce of it, I won't back down
P | They was doubting when I came, now they calling out my name | I was shouting in the rain and they falling for the game
M | My father taught me how to hold a pen | my brother taught me how to fold again
M | I remember the winter, the kitchen was cold | I remember the dinner, the picture of gold
M | Every rhyme I write is like a lighthouse | every time I fight, it's in the night house
P | Hold tight, cold night, I'm on my own | gold light, old fight, I'm on my phone
M | I'm a soldier with a shoulder for my brother | when it's colder, I'm the older, I'm the other
P | Every dollar that I made came from the hustle | every problem that I faced, I had to muscle
P | She was stayin' in the city, she was prayin' | I was playin' in the pity, I was sayin'
P | I'm steady working, I ain't stopping for the weather | everybody on the team, we getting better
M | I got a soul full of fire, it's a cold world | every goal that I desire is a gold pearl
P | We was sleeping on the floor of the apartment | now we keeping it the same in the department
M | Every night I'm in the studio till sunrise | every right I'm in, the room is full of fun guys
M | Came up in a small town with a tall crown | now I walk around and I never fall down
P | I'm the type to stay quiet in a riot | I'm the type to try it, I'm the type to buy it
P | I'm just a kid from the block with a dream | with a rip in my sock and a team
P | I keep my mind on the prize and my eyes on the skies | every time that I rise, I can see through the lies
M | Got the keys to the city and the weather is pretty | every piece of the committee feeling gritty
P | I was raised by the river with a fever | every day I delivered to a believer
P | All I know is the hustle and the flow | all I show is the muscle and the glow
M | Breaking bread with the family on Sunday | making it through all the calamity one day
M | We would ride around the town in a borrowed car | we would hide around the sound of a sorrowed star
M | I was praying for the money, now I'm saying it's for honey | I was staying with my homie and he's playing it so funny
P | Mama used to tell me keep your head up high | drama used to follow me, I let it pass by
M | Riding in the back of a cop car | hiding from the pack, I'm a pop star
P | Everybody wanted something from the start | nobody would ever come and play the part
M | I've been working on my craft since a baby | I've been burning through the draft, nothing maybe
M | Money on my mind and I'm never resting | funny how the time got me second guessing
M | The mirror never lies, it was telling me the truth | the clearer in my eyes, I was selling in my youth
N | I caught a cold and had a cough | I baked a loaf and ate the dough
N | I gave her everything I had, it was love | I had to pack it up and make a move
N | We ran the streets until we heard the bomb | I laid a rose on top of grandpa's tomb
N | I kept on walking through the rough | I left it all behind and cut it through
N | She said she's never coming home | I found a letter in the tome, it says come
N | I lost a tooth inside the booth | I learned the truth is just a blood
N | The kettle started whistling, it was hot | my mother left her coat inside the boat
N | I never leave my brother on the bench | I tried to fix it with a wrench, I'm sore
N | I keep a pen and paper in my pocket | I never let the doubt inside my head
N | My grandma used to say her prayers at night | she always left the kitchen door wide open
N | I went to school and never learned a thing | my father worked the docks and lost his pension
N | I swear I heard the sirens in the street | my cousin's in the army overseas
N | The money never came, I kept the faith | the landlord took the couch and left the bed
N | I walked in with my chest out | I kept my hands clean every day
N | The studio was empty when I came | I played the beat a hundred times, my friend
N | We had a little garden in the yard | I never had a chance to tell my mom
N | I can see the ocean from my window | I been up for hours and the coffee's cold
N | Everybody told me I was wasting time | I did it anyway and now I'm on the stage
N | I used to sleep on couches at my cousin's | now I got a house with a view of the river
N | I never had a father in the picture | my mother worked two jobs and raised us up
N | The wind was blowing hard across the bay | I saw my reflection in the glass, I bowed
N | I tie my laces tight before I go | the clock strikes midnight and the party's through
N | I wear my scars just like a medal | my brother gave his life for the country
N | I heard the thunder rolling in the east | my sister's wedding was the best we had
N | The teacher read my poem to the class | I sat there in the back and held my breath
N | We were sitting in the dark with no power | I was writing every verse by the window
N | She left a voicemail, I could hear her laugh | I had to put my phone down, take a breath, it's tough
N | The corner store is closed now, it's a church | my homie's in the cell, he's doing five
N | I got a dollar and a dream, I'm in the lead | the city lights are shining on the bread
N | I stood in line for hours for the bread | my brother got a job across the sea
N | I'm never going back to what I was | the pain is in the past, I'm moving on
N | I never knew the reason for the rain | I carry all my worries in a bag
N | The bus came late, we waited in the heat | I made it to the meeting, took a seat, it's great
N | The doctor said I had to take it slow | my heart was never built to be a cow
N | I used to think that money was the key | the love I had was worth way more than they
N | I keep a photo of my grandma in my wallet | I call her every Sunday when I'm free
N | They said I couldn't rap because I'm shy | I learned to do it anyway, I'm fifty
N | We danced around the fire in the park | my uncle played guitar and sang about the war
N | I'm tired of the lies, I need the truth | I found a better way to spend my summer
N | The highway's long and the engine's loud | my homie in the back seat fell asleep
N | I came up in the projects with my mother | I never had a reason to be bitter, never
N | I see the city skyline from the bridge | my pockets empty, but my heart is full
N | I'm holding on to every word she said | my father never called me on my birthday
P | I found a dollar on the sidewalk in the snow | I bought a coffee and I gave the rest to Joe
N | The radio was playing something new | my neighbor's dog was barking at the sew
N | I grew up on the east side by the tracks | my auntie raised me with a firm hand
N | We played ball in the alley after school | the neighbors called the cops on us, we ran
N | My first mic was a hairbrush in the mirror | my first crowd was my sister and her friends
N | I wrote a letter to my younger self | I told him keep the faith and pay the rent
N | I know the pressure makes a diamond shine | I never had a mentor, I had a library
N | The gas was off, we heated up the water | I learned to cook before I learned to drive
N | I'm walking through the city with my headphones | the beat is knocking and I'm lost inside it
N | My mother sang in church every Sunday | my father fixed the cars down on the corner
N | The party ended early when it stormed | we took a cab back home and split the fare
N | I know a kid who never missed a class | now he's a doctor working on the ward
N | I gave my all and then I gave some more | the crowd was screaming and I felt alive
N | I bought my mama flowers for her birthday | she cried and said I didn't have to do it
N | The rain came down so hard we couldn't see | we pulled the car over by the church
N | I took the long way home to clear my head | the moon was hanging low above the bridge
N | I been up since six, I'm on my second coffee | my manager is calling 'bout the contract
N | I made a promise to my little brother | I'd never let the streets take him away
N | We rented out a room above the laundromat | the dryers shook the floor all night long
N | I wrote my name in wet cement when I was six | it's still there on the sidewalk by the church
N | My coach would make us run until we dropped | I hated it back then, I thank him now
N | We used to trade our lunches in the cafeteria | I always got the better end of it
N | I tell the truth because it's all I've got | my rhymes are honest even when they hurt
N | The concert sold out in a couple of hours | my phone was ringing off the hook all day
N | I keep the lights on in the studio for you | I know you're out there working on the beat
N | The paint is peeling off the walls again | my landlord never fixes anything
N | I'm sitting in the waiting room for hours | the nurse keeps calling names that aren't mine
N | The elevator's broken, take the stairs | the seventh floor is where my auntie lives
M | I been up since the morning with a paper plan | all the doubters in the corner turned to major fans
M | My cousin drove a cab to pay the light bill | now he's on the stage and he's a nice thrill
P | Mama working double shifts at the hospital | I was on the corner thinking it was possible
M | I was broke, I had a hole in my shoe sole | now I'm on the radio, I'm on the news show
M | Every night I'm on the phone with my home girl | we be talking 'bout the dream and the whole world
M | Took a loss but I'm the boss of the whole thing | never caught a single cold in the cold spring
M | I was hiding in the back with a black hat | now I'm riding on the track in a flat cap
M | I was born in a storm with the door closed | now I'm warm in the form and the war froze
M | We was poor but we was rich in the real sense | now I'm pouring for the ones on the steel fence
M | Every day I'm getting closer to the gold line | every hater on the sofa with the old wine
M | I remember what it cost for the bus fare | I remember I was lost and I was just there
P | I keep my pen in my hand like a lighter | every time I write, the night gets a little brighter
M | I was stressing in the lobby of the law firm | every blessing in my hobby was a long term
M | I'm from the side of town where the rent's due | every night I'm on the ground, I got friends too
M | I was sleeping on the couch of my best friend | now I'm keeping all the vows, we're the next trend
M | I'm a dreamer with a beat and a cheap seat | I'm a schemer on the street with my feet beat
M | I was young and I was hungry on the front porch | every summer I was running with a dumb torch
M | I been getting it since we was in the ninth grade | now I'm living in the spotlight with a fine blade
P | Every verse is a curse when I'm working | every nurse in the church, they was lurking
M | I'm prayin' for a day when the pain fades | I been stayin' in the game for the same days
P | Tell 'em I was tryna make a living off a dollar | tell 'em I was finna take a picture with a scholar
M | I'm a killa on the beat, I'm a real one | I'm a filla for the street, I'm a steel gun
M | Y'all been sleeping on the kid since the first tape | now y'all keeping what I did in the worst shape
P | Every minute on the clock is a lesson | every single day I stop, it's a blessing
P | I was nervous at the show, I was sweating | every service that I know, I was betting
M | We was riding in the rain with the top down | we was sliding down the lane of the pop sound
M | I remember every letter that she wrote me | I remember every sweater that she sewed me
M | Left the city with a duffel and a cold heart | came back with a little hustle and a gold cart
M | I was chasing every dollar with my young mind | I was racing every scholar, I was one kind
M | In the summer we would sit on the fire escape | every number that I hit was a higher rate
M | Ain't no sleep when you deep in the night shift | every week I was keeping the right gift
N | I paid the bill and kept a bit for food | my uncle said the bar is always good
N | The pool was closed, we jumped the fence at night | I caught my jacket on the wire and I cut my leg
N | I write my verses on the back of receipts | my manager just wants to know the dates
N | I made a beat out of a pot and a spoon | my neighbor knocked and said the noise was too much
N | Got a call from my brother at the station | he said the cops had nothing on him, he was free
N | I wore the same old jeans for half the year | my sister sewed the knees and made them last
N | I'm at the laundromat on Sunday with my notebook | the dryer buzzes and I lose the line I had
N | The landlord came to knock, we didn't answer | we sat there on the floor and held our breath
N | The subway's crowded and I'm standing by the door | a stranger asked me if I ever made it big
N | I'm working on a verse about my grandpa | he came here with a suitcase and a prayer
I | I keep it tight, every night I write a song | tight | night
I | Money and the honey, got my homie feeling sunny | money | honey
I | I was on the train with the rain in my brain | train | rain
I | Never sleep, I'm in too deep, I keep it cheap | sleep | deep
I | The block was hot, I took my shot and got a lot | block | shot
I | Broke and cold, I never fold, I'm getting old | cold | fold
I | I hit the stage, I turn the page, I feel the rage | stage | page
I | My mind is on the grind, I never fall behind | mind | grind
I | Cash in the stash, I'm in a dash, I move fast | cash | stash
I | The rain and the pain, I'm going insane | rain | pain
I | Rolling with the homies, holding up the trophies | rolling | holding
I | I'm prayin' and stayin' and sayin' my piece | prayin' | stayin'
I | Fly high in the sky, I don't ask why | fly | sky
I | The beat was heat and we was on the street | beat | heat
I | I gotta stack a lotta paper for my mama | gotta | lotta
I | Tryna be a winner, I'ma skip the dinner | winner | dinner
I | Y'all know the fall was the call of the hall | y'all | fall
I | I came with the flame, now I'm playing the game | came | flame
I | The crowd gets loud when I'm proud of the town | crowd | loud
I | I ride with pride, with my side by my side | ride | pride
I | In the night with a light, I'm a sight in the fight | light | sight
I | A dollar and a collar and I holler at the scholar | dollar | collar
I | The clock and the lock on the block of my pops | clock | lock
I | We was chillin', we was killin' every feeling | chillin' | killin'
I | Finna get the bag, tryna brag, never lag | bag | brag
I | Tell 'em to stop, we on top of the drop | stop | top
I | I was hungry, now I'm running like the country | hungry | country
I | I'm a rider, I'm a fighter, I'm a writer | fighter | writer
I | He got a dream and a team and a scheme | team | scheme
I | Late in the day I was paid in the shade | paid | shade
X | I caught a cough and bought some dough | cough | dough
X | I love to move the crowd around | love | move
X | They heard the bomb, we reached the tomb | bomb | tomb
X | The bear was near, I had to wear my gear | bear | near
X | I have to save the cave, I gave it all | have | save
X | My word was good, the food was good | word | food
X | The hour was late, the four of us sat | hour | four
X | I was in the home, she had to come and hum | home | come
X | The bread was dry, I had to knead the dough | bread | knead
X | The great one had to treat the beat | great | treat
X | I told the one to stay and leave the stone alone | one | stone
X | We got blood, we got food, we got wood | blood | food
X | The post was lost, I did the most at cost | post | lost
X | Now I know the snow is on the show | now | know
X | The monkey got the key to the donkey | monkey | key
X | I had to go, there was a lot to do | go | do
X | Give me five and a hive, I can live | give | five
X | They said I had to pay the maid | said | maid
X | Through the rough we went though the cough | through | though
X | The wind was cold around my mind | wind | mind
`;

export type RhymeEvalLabel = 'P' | 'S' | 'M' | 'N' | 'I' | 'X';

export interface RhymeEvalItem {
  label: RhymeEvalLabel;
  /** Couplets: the two bars. Internal items: the bar and the two words. */
  a: string;
  b: string;
  words?: [string, string];
}

/** The set parsed; items whose line ends in "... no" (notes while writing) are dropped. */
export function rhymeEvalItems(): RhymeEvalItem[] {
  const out: RhymeEvalItem[] = [];
  for (const line of RHYME_EVAL_SET.split('\n')) {
    if (!line.trim() || /\.\.\.\s*[\w ]*$/.test(line)) continue;
    const parts = line.split('|').map((s) => s.trim());
    const label = parts[0] as RhymeEvalLabel;
    if (label === 'I' || label === 'X') out.push({ label, a: parts[1], b: '', words: [parts[2], parts[3]] });
    else out.push({ label, a: parts[1], b: parts[2] });
  }
  return out;
}
