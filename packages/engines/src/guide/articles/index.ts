/** All built-in guide articles, in the order they are listed on the guide page. */
import type { GuideArticle } from '../types';
import royaltiesAndPros from './royalties-and-pros';
import publishingAndMechanicals from './publishing-and-mechanicals';
import soundexchange from './soundexchange';
import splitsAndSplitSheets from './splits-and-split-sheets';
import copyrightRegistration from './copyright-registration';
import contractRedFlags from './contract-red-flags';
import sampleClearance from './sample-clearance';
import beatLeasing from './beat-leasing';
import syncLicensing from './sync-licensing';
import collaborationsAndFeatures from './collaborations-and-features';
import distribution from './distribution';
import releasePlanningAndPitching from './release-planning-and-pitching';
import preSaves from './pre-saves';
import promotionTactics from './promotion-tactics';
import buildingAFanBase from './building-a-fan-base';
import socialMediaStrategy from './social-media-strategy';
import networkingAndDms from './networking-and-dms';
import pressKitEpk from './press-kit-epk';
import youtubeContentId from './youtube-content-id';
import liveShowsAndBooking from './live-shows-and-booking';
import merch from './merch';
import musicVideosOnABudget from './music-videos-on-a-budget';
import homeRecording from './home-recording';
import mixingRapVocals from './mixing-rap-vocals';
import masteringAndLoudness from './mastering-and-loudness';
import writingVerses from './writing-verses';
import writingHooks from './writing-hooks';
import songStructure from './song-structure';
import reviewingYourTrack from './reviewing-your-track';
import coverArtBasics from './cover-art-basics';
import coverArtStyles from './cover-art-styles';
import managingMoney from './managing-money';
import musicIndustryRoles from './music-industry-roles';
import tempoAndBpmByGenre from './tempo-and-bpm-by-genre';
import drumProgramming from './drum-programming';
import eightOhEights from './808s-tuning-and-glide';
import mixingLowEnd from './mixing-low-end';
import vocalChain from './vocal-chain';
import autotuneAndPitchCorrection from './autotune-and-pitch-correction';
import beatArrangement from './beat-arrangement';
import keysAndScales from './keys-and-scales';
import mixPrepAndStems from './mix-prep-and-stems';
import mixTranslation from './mix-translation';
import makingBeatsBasics from './making-beats-basics';
import choosingABeat from './choosing-a-beat';
import workingWithProducers from './working-with-producers';
import streamingPayouts from './streaming-payouts';
import advancesAndFunding from './advances-and-funding';
import releaseAdminChecklist from './release-admin-checklist';

export const ARTICLES: readonly GuideArticle[] = [
  royaltiesAndPros,
  publishingAndMechanicals,
  soundexchange,
  streamingPayouts,
  splitsAndSplitSheets,
  copyrightRegistration,
  contractRedFlags,
  advancesAndFunding,
  sampleClearance,
  beatLeasing,
  syncLicensing,
  collaborationsAndFeatures,
  distribution,
  releasePlanningAndPitching,
  preSaves,
  releaseAdminChecklist,
  promotionTactics,
  buildingAFanBase,
  socialMediaStrategy,
  networkingAndDms,
  pressKitEpk,
  youtubeContentId,
  liveShowsAndBooking,
  merch,
  musicVideosOnABudget,
  homeRecording,
  mixingRapVocals,
  masteringAndLoudness,
  mixPrepAndStems,
  mixTranslation,
  vocalChain,
  autotuneAndPitchCorrection,
  makingBeatsBasics,
  tempoAndBpmByGenre,
  drumProgramming,
  eightOhEights,
  mixingLowEnd,
  keysAndScales,
  beatArrangement,
  choosingABeat,
  workingWithProducers,
  writingVerses,
  writingHooks,
  songStructure,
  reviewingYourTrack,
  coverArtBasics,
  coverArtStyles,
  managingMoney,
  musicIndustryRoles,
];
