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

export const ARTICLES: readonly GuideArticle[] = [
  royaltiesAndPros,
  publishingAndMechanicals,
  soundexchange,
  splitsAndSplitSheets,
  copyrightRegistration,
  contractRedFlags,
  sampleClearance,
  beatLeasing,
  syncLicensing,
  collaborationsAndFeatures,
  distribution,
  releasePlanningAndPitching,
  preSaves,
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
  writingVerses,
  writingHooks,
  songStructure,
  reviewingYourTrack,
  coverArtBasics,
  coverArtStyles,
  managingMoney,
  musicIndustryRoles,
];
