import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'release-planning-and-pitching',
  title: 'Release planning and playlist pitching',
  summary:
    'Plan releases backwards from the date: upload to your distributor about four weeks ahead and pitch in Spotify for Artists at least 7 days before release, ideally three to four weeks ahead, which is also what gets the song into followers\' Release Radar.',
  tags: ['release strategy', 'release plan', 'rollout', 'release calendar', 'timeline', 'playlist', 'playlists', 'pitching', 'pitch', 'Spotify for Artists', 'editorial playlists', 'Release Radar', 'single', 'EP', 'album', 'lead time'],
  tools: ['chat', 'marketing'],
  body: `A good release is planned backwards from the release date. The biggest mistake independent artists make is finishing a song on Wednesday and putting it out on Friday, which rules out editorial pitching and leaves no time to build anticipation.

## Playlist pitching lead times

**Spotify for Artists** lets you pitch one unreleased song per release to Spotify's editorial team. The song must already be delivered by your distributor and appear in your Spotify for Artists dashboard as upcoming. Spotify asks for pitches **at least 7 days before release**; pitching in time is also what gets the track into your followers' **Release Radar** playlists. Seven days is the minimum. Aim to pitch **three to four weeks ahead**, which means uploading to your distributor about four weeks or more before release.

In the pitch, fill in genre, mood, instruments, culture and location accurately, and write a short, specific description: what the song is about, what is happening around the release (video, shows, press), and any relevant numbers or notable support. Editors read many pitches, so be concrete.

Other services mostly take pitches through distributors. Ask yours whether it has a pitching form for Apple Music, Amazon Music and others, and what its deadlines are. Independent curators and playlist submission platforms can help too, but avoid anyone selling guaranteed streams or placements, which often involve fake streams and can get your music removed.

## A backward-planned release calendar

Count back from release day (R):

- **R minus 8 to 6 weeks**: song mixed and mastered; cover art finished (3000 x 3000 px); split sheets signed; sample and beat licences in hand; plan content and the video shoot.
- **R minus 5 to 4 weeks**: upload to your distributor with full metadata; register the song with your PRO; set up a pre-save link.
- **R minus 4 to 3 weeks**: pitch in Spotify for Artists; ask your distributor about other platforms; send to blogs, curators, college radio and local press with your EPK.
- **R minus 3 weeks to release**: tease the song on short-form video with several different snippets; announce the date; push the pre-save; line up collaborators and friends to share.
- **Release week**: post the song everywhere, go live, email and text your list, thank everyone who shares it, update your links and bios.
- **Weeks after**: keep posting content around the song for at least a month (performance clips, behind the scenes, lyric breakdowns, fan reactions), release the video or a visualizer, and pitch the song to independent curators.

## Singles, EPs and albums

For artists building an audience, a steady run of singles (every four to eight weeks, for example) keeps you in front of fans and algorithms more often than one big album. Releasing two or three singles before an EP or album gives each song its own moment and gives editors several chances to notice you. Save bigger projects for when you have an audience waiting.

## Choosing a release date

Most releases go live on Fridays worldwide. Avoid dates when a huge artist in your lane drops, and leave room in your own schedule to promote. Do not move a date once it is announced unless you must.

## Measure and adjust

After each release, check Spotify for Artists and your other dashboards: where listeners came from, saves, playlist adds, and which snippets did best on social media. Use what worked to plan the next release.`,
};

export default article;
