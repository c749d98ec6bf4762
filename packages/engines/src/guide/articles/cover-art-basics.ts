import type { GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'cover-art-basics',
  title: 'Cover art basics: specs and store rules',
  summary:
    'Most distributors ask for a square 3000 x 3000 pixel JPG or PNG in RGB, with no URLs, social handles, store logos or prices, text that matches your release metadata, and a design that still reads as a small thumbnail.',
  tags: ['cover art', 'artwork', 'album cover', 'single cover', 'cover', '3000x3000', 'resolution', 'image size', 'parental advisory', 'explicit', 'store guidelines', 'rejected artwork', 'design'],
  tools: ['chat', 'coverart', 'marketing'],
  body: `Your cover art is seen far more often than your song is played: in playlists, search results, social posts and notification screens. It has to look good as a tiny thumbnail and meet the technical rules of distributors and streaming services.

## Technical specs: size and format

- **Size: square, 3000 x 3000 pixels** is the standard most distributors ask for; smaller images are often rejected or look blurry on large screens.
- **JPG or PNG**, in **RGB** colour (not CMYK, which is for print).
- High quality: no visible pixelation, compression artefacts or blurry upscaled images.
- Keep important details away from the very edges; some platforms crop or round corners.

Check your distributor's current requirements before uploading, since limits on file size and format differ.

## Rules that get artwork rejected

Streaming services have artwork guidelines, and distributors enforce them. Common reasons for rejection:

- **URLs, social media handles, email addresses or phone numbers** on the cover.
- **Logos of streaming services** or brands you have no rights to, and references to prices or "available now".
- Text that **does not match the release metadata**: if there is text, the artist name and title should match what you entered.
- Misleading artwork that suggests a different artist, or a "featuring" credit not in the metadata.
- Offensive, pornographic or extremely graphic imagery.
- Blurry, stretched or low-resolution images, and artwork that is just a blank colour (rules differ by platform).

## Parental advisory

The **Parental Advisory** logo belongs on covers of releases with explicit content if you choose to use it, but the important part is the **explicit flag in your metadata**, which is what streaming services use to filter content. Do not put the logo on a release that is not flagged explicit, or on the clean version.

## Rights to everything on the cover

You need permission for every element: photos (the photographer's licence and, for identifiable people, their consent), illustrations, fonts (some free fonts are for personal use only) and any brands or characters. Get a simple written agreement with designers and photographers that lets you use the work for the release, merch and promotion. If you use AI image tools, check their terms for commercial use and avoid imitating another artist's cover or copyrighted characters.

## Readable at thumbnail size

Most people will see your cover at about the size of a fingernail. Test it: shrink it to a small square and look at it on your phone. Strong contrast, a simple focal point and a limited number of elements survive that test. Many covers drop text entirely or keep it small and clean.

## Keep a consistent visual identity

Across singles and a project, consistent elements (colour palette, typeface, photography style or layout) make your releases recognisable in a feed. Plan your cover art early in the release calendar so you can use it in teasers, pre-save pages and merch.`,
};

export default article;
