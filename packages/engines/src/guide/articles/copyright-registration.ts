import { LEGAL_DISCLAIMER, type GuideArticle } from '../types';

const article: GuideArticle = {
  slug: 'copyright-registration',
  title: 'Copyright registration basics',
  summary:
    'Copyright exists as soon as an original work is fixed, written down or recorded; in the US, registering with the Copyright Office (Form PA for the composition, Form SR for the recording) is generally needed before you can sue for infringement and can make statutory damages available.',
  tags: ['copyright', 'register copyright', 'copyright office', 'Form PA', 'Form SR', 'proof of creation', 'poor man\'s copyright', 'protect my music', 'stolen lyrics', 'infringement', 'ownership'],
  tools: ['chat', 'lyrics'],
  disclaimer: LEGAL_DISCLAIMER,
  body: `Copyright protects your lyrics, music and recordings automatically, but registration and good records are what let you enforce it. Here is what independent artists need to know, with a focus on the US system.

## Copyright exists when you create

In the US and most countries, copyright exists as soon as an original work is **fixed** in a tangible form: written down, typed into your notes app, or recorded. You do not need to register to own it. A freestyle that was never recorded is not fixed; the same bars in a voice memo are.

Every song usually contains two works: the **composition** (lyrics and music) and the **sound recording** (the master).

## Why register in the US

Registration with the **US Copyright Office** is optional, but it matters:

- For US works, you generally must register (or have applied) before you can **sue for infringement** in federal court.
- If you register before an infringement begins, or within three months of first publication, you may be eligible for **statutory damages and attorney's fees**, which can make a case worth bringing.
- Registration creates a public record and strong evidence of ownership and date.

Registration is done online through the Copyright Office's electronic system. Fees vary by application type and change over time; check the current fee schedule.

## Form PA vs Form SR

- **PA (Performing Arts)** covers the **composition**: lyrics, music, or both. Use it when you only want to register the song, for example before you have a final recording, or when you wrote a song recorded by someone else.
- **SR (Sound Recording)** covers the **recording**. If the same person or people own both the recording and the composition, an SR registration can cover both in one application.

There are also group options, such as registering several unpublished works together, that can save money for prolific writers. Read the Copyright Office's guidance for which option fits, since the rules on published versus unpublished works differ.

## Proof of creation

Whether or not you register, keep evidence that you created your work and when:

- Dated drafts of lyrics in cloud-synced notes or documents.
- DAW session files, stems and bounces with their dates.
- Emails or messages where you sent demos to collaborators.
- Signed **split sheets** for every co-written song.
- Release records from your distributor.

The so-called "poor man's copyright", mailing yourself a copy of the song, is not a substitute for registration and is weak evidence.

## Outside the US

Many countries, including the UK and most of Europe, have **no official copyright registration** for songs: protection is automatic and disputes rely on evidence. Keep the same records listed above, and register your songs with your PRO and collection societies, which also documents authorship.

## If someone steals your song

Collect evidence (links, screenshots, dates), check your registration status, and consider a takedown notice on the platform where the copy appears. For anything beyond a simple takedown, talk to a music lawyer before contacting the other party publicly.`,
};

export default article;
