// Built-in word lists. This hand-written list (~1,300 everyday English words
// plus everyday rap vocabulary) drives vocabulary richness (a word outside it is
// "less common"). Rhyme ideas are ranked by SUBTLEX frequencies (frequency.ts);
// there the list only vouches for words that subtitles lack or list capitalised
// (homie, okay, alright).

const COMMON = `
a about above across act action actually add after again against age ago agree ahead air all allow almost alone along already
also always am amazing among amount an and anger angry animal another answer any anybody anymore anyone anything anyway
anywhere apart area arm army around arrive art as ask asleep at attack attention away baby back bad bag ball band bank bar
base basic battle be beach bear beat beautiful beauty became because become bed been before began begin behind being
believe bell belong below beside best bet better between beyond big bigger bill bird birth bit bite black blame blank
blind block blood blow blue board boat body bone book boom born boss both bottle bottom bought bounce bowl box boy brain
brand bread break breath breathe brick bridge bright bring broke broken brother brought brown build building built burn
bus business busy but buy by cake call calm came camera can cap car card care career careful carry case cash cast cat
catch caught cause cell center chain chair champ chance change chase cheap check chest chief child children choice
choose church circle city claim class clean clear climb clock close closer clothes cloud club coast code cold collect
college color come comes coming common cook cool cop copy corner cost could count country couple course court cover crazy
cream create crew crib crime cross crowd crown cry cup cut dad damn dance danger dark date daughter day dead deal dear
death decide deep deny desk destroy detail die different dinner direct dirt dirty do doctor does dog doing dollar done
door double doubt down dream dress drink drip drive drop drove drug drum dry due during dust duty each ear early earn
earth easy eat edge effort eight either else end enemy energy enjoy enough enter even evening event ever every everybody
everyone everything evil exactly example except expect explain eye eyes face fact fade fail fair faith fake fall false
fame family famous fan far farm fast fat father fault fear feel feeling feet fell felt fence few field fight figure fill
film final finally find fine finger finish fire first fish fit five fix flag flame flash flat flew flight floor flow
flower fly focus follow food fool foot for force forever forget forgive form forward found four free freedom fresh
friend from front fruit full fun funny future gain game gang garden gas gate gave get ghost gift girl give given glad
glass glory go goal god gold golden gone good got grab grace grade grand grass grave gray great green grew ground group
grow guard guess gun guy hair half hall hand handle hang happen happy hard hat hate have he head heal health hear heard
heart heat heaven heavy held hell hello help her here hero hide high hill him himself his history hit hold hole home
honest honey hope horse hot hotel hour house how however huge human hundred hungry hunt hurry hurt husband i ice idea if
ill image imagine important in inside instead interest into iron is island it its itself jail job join joke joy judge
jump just justice keep kept key kick kid kill kind king kiss kitchen knee knew knife knock know known lady laid lake land
lane language large last late laugh law lay lead leader learn least leave led left leg less lesson let letter level lie
life lift light like line lion lip list listen little live lock lonely long look lord lose loss lost lot loud love low
luck lucky lunch lying mad made main make man many map mark market marry master match matter may maybe me mean meant
meet member memory men mess message met middle might mile milk million mind mine minute mirror miss mission mistake mix
model mom moment money month mood moon more morning most mother mountain mouth move movie much music must my myself name
nation nature near neck need needle neighbor neither nerve never new news next nice night nine no nobody noise none nor
normal north nose not note nothing notice now number ocean of off offer office often oh oil ok okay old on once one only
open or order other our out outside over own pack page paid pain paint pair paper parent park part party pass past path
pay peace people perfect period person phone pick picture piece pile pink place plan plane plant plate play player please
pocket poem point poison police pool poor pop position possible pound power practice pray prayer present press pretty
price pride prince prison private problem promise proof proud prove pull punch pure purpose push put queen question quick
quiet quit race radio rage rain raise ran rap rather reach read ready real reality really reason record red remain
remember rent rest return rich ride right ring rise risk river road rock role roll roof room root rose round row rule run
running rush sad safe said sail sale salt same sand save saw say scared scene school score scream sea search season seat
second secret see seed seem seen self sell send sense sent serious serve set seven shade shadow shake shame shape share
sharp she sheet shine ship shirt shock shoe shoot shop short shot should shoulder shout show shut sick side sight sign
silence silver simple since sing single sir sister sit six size skin sky sleep slide slow small smart smell smile smoke
snake snow so soft sold soldier some somebody someone something sometimes son song soon sorry soul sound south space
speak special speed spend spent spin spirit spot spring stage stand star start state station stay steal step stick still
stone stop store storm story straight strange stranger street strength strong struggle stuck student study stuff style
success such sudden sugar suit summer sun sure surprise sweet swim system table take taken talk tall taste tax teach team
tear teeth tell ten test than thank that the their them then there these they thing think third this those though
thought three threw through throw ticket tie tight till time tired title to today together told tomorrow tone tonight
too took top total touch tough toward town track trade train trap travel tree trick trip trouble truck true trust truth
try turn twice two type uncle under understand until up upon us use used usual valley value very view visit voice wait
wake walk wall want war warm was wash watch water wave way we weak wear weather week weight welcome well went were west
what whatever wheel when where whether which while white who whole why wide wife wild will win wind window wine wing
winner winter wise wish with within without woke woman women won wonder wood word wore work world worry worse worst
worth would wound write writer wrong wrote yard yeah year yellow yes yesterday yet you young your yourself youth zero
allowed apartment band bars beef bless blessed blessing blow bling boss bread bricks buck bucks ceiling chains chopper
clip coat crash crown dawn dime diamond diamonds dope drama drank dream dreams eyes fame feds fiend flex flip flock fresh
fright frontline gold goals grind grit guap hater haters heat hood hook hoop hungry hustle hype ice jewel jewels kicks
king lean legend lights loyal loyalty mic mill mob motion mound nights note opp opps paper pen pistol plug pocket pressure
profit pump queen racks real rhyme rhymes rider ring rings rock rocks rollin roof rose rule safe sauce scar scars scheme
shine shorty sin slide smoke snow soul spark spit spot squad stack stacks stage steel street streets struggle stunt
swag sway swing thrill throne tide trap trophy truth vibe vibes vision wave weed whip wrist zone bite fright might mighty
spite slight knight kite sight flight delight invite polite quite tonight outright white wife knife strife life nice price
twice dice slice spice rice advice vice wise rise prize size skies lies cries tries eyes guys ties highs lows slow glow
show grow flow throw snow below know though go so no dough bro pro low row toe blow crow stone bone phone throne alone zone
own known shown grown tone cold bold gold hold told sold old fold rolled soul goal whole stroll control patrol pay day way
say play stay away today okay pray weigh gray grey hey may lay ray they stray clay tray sway bay fade made paid shade
trade grade blade played stayed maid raid rain pain gain main chain brain train plain lane stain game fame name same claim
flame frame blame aim came shame range change strange street beat heat seat feet meet sheet sweet treat heat defeat repeat
complete elite deep keep sleep cheap creep sweep leap steep need speed feed bleed seed greed read lead weed indeed believe
leave grieve achieve sleeve thieve free tree see me be three sea agree degree guarantee key knee we he she
love above glove dove shove of blood flood mud bud stud rough tough enough stuff bluff cuff puff gun fun sun done run one
son won none ton spun stunned money honey funny sunny bunny dummy tummy hungry country lucky trouble double bubble struggle
hustle muscle cousin dozen buzzin rhythm system bottom problem bout cause gonna wanna gotta ain't y'all yo homie
alright bye goodbye goodnight hi mama daddy
`;

/** Everyday words; membership marks a word as "common". */
export const COMMON_WORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

// Function words: never flagged as repetition, never counted as rare, and not
// used as internal-rhyme candidates (they still count when they end a bar).
const STOP = `
a an the and or but nor so yet for of to in on at by with from into onto upon off out up down over under about as than
then if that this these those there here where when while what which who whom whose why how i me my mine myself you your
yours yourself he him his himself she her hers herself it its itself we us our ours ourselves they them their theirs
themselves is am are was were be been being do does did done doing have has had having will would shall should can could
may might must not no yes all any some each every both either neither one just only also too very really even still
again ever never always now like get got gets gotta gonna wanna tryna finna ain't aint don't dont can't cant won't wont
i'm im i'll ill i've ive i'd you're youre you'll you've he's she's it's its we're we've they're they've that's thats
what's whats let's lets y'all yall ya em 'em cause 'cause cuz til 'til
`;

export const STOPWORDS: ReadonlySet<string> = new Set(STOP.split(/\s+/).filter(Boolean));

// Ad-libs and vocal fillers: part of the craft, so repeating them is not a
// vocabulary problem.
export const ADLIBS: ReadonlySet<string> = new Set(
  `yeah yea yeh uh huh ay ayy ayo ooh oh ohh woah whoa hey yo ha haha la na nah skrrt skrt brrr brr grr yuh yah ya
   okay ok mm hmm mhm wooo woo gang`.split(/\s+/).filter(Boolean),
);

// One-syllable function words that are unstressed in connected speech
// (articles, pronouns, prepositions, auxiliaries, conjunctions). Inside a
// phrase their vowel is weak: "my wall" / "I call" rhyme on wall/call only, and
// "I" and "my" do not join that family through their AY. At the end of a bar
// (or on their own) they keep their stress, so "why" / "I" / "sky" still rhyme.
// Words a rapper often leans on (up, out, off, so, just, now, all) are not here.
const UNSTRESSED = `
a an the and or but nor if as than that of to in on at by for from with
i me my you your he him his she her it its we us our they them their
is am are was were be been do does did have has had will would shall should can could may might must
i'm i'll i've i'd you're you'll you've he's she's it's we're we've they're they've that's let's
em 'em ya cause 'cause cuz til 'til
`;

export const UNSTRESSED_WORDS: ReadonlySet<string> = new Set(UNSTRESSED.split(/\s+/).filter(Boolean));
