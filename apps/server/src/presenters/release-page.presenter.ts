import crypto from 'node:crypto';
import { RELEASE_SERVICES } from '@members-only/shared/releases';
import type { PublicRelease } from '../services/release.service';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values: every character HTML gives a meaning to. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const CSS = `*{box-sizing:border-box}:root{color-scheme:light dark;--bg:#f6f4f1;--fg:#16151a;--muted:#55525d;--card:#fff;--line:#d9d5cf;--accent:#5b2bd6;--on:#fff}@media (prefers-color-scheme:dark){:root{--bg:#111015;--fg:#f3f1f6;--muted:#b7b2c2;--card:#1c1a22;--line:#36323f;--accent:#b79cff;--on:#16101f}}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}img.cover{display:block;width:100%;height:auto;aspect-ratio:1;border-radius:.75rem;background:var(--line)}h1{font-size:1.75rem;line-height:1.2;margin:1rem 0 .25rem;overflow-wrap:anywhere}p{margin:.25rem 0}.muted{color:var(--muted)}.when{margin:.75rem 0}.row{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap;margin:1rem 0}button,.btn{font:inherit;font-weight:600;border:0;border-radius:999px;padding:.7rem 1.2rem;min-height:44px;background:var(--accent);color:var(--on);text-decoration:none;cursor:pointer;display:inline-flex;align-items:center;gap:.5rem}.btn.alt{background:transparent;color:var(--fg);border:2px solid var(--line)}ul{list-style:none;padding:0;margin:1rem 0;display:grid;gap:.5rem}ul a{display:flex;justify-content:space-between;min-height:48px;align-items:center;padding:.75rem 1rem;border-radius:.6rem;background:var(--card);border:1px solid var(--line);color:var(--fg);text-decoration:none;font-weight:600}a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}form{margin:1.5rem 0;padding:1rem;border-radius:.6rem;background:var(--card);border:1px solid var(--line)}label{display:block;margin:.25rem 0}input[type=email]{font:inherit;width:100%;padding:.6rem;border-radius:.4rem;border:1px solid var(--muted);background:var(--bg);color:var(--fg);min-height:44px}.check{display:flex;gap:.5rem;align-items:flex-start;margin:.75rem 0}.check input{width:1.25rem;height:1.25rem;margin-top:.15rem}.err{color:#b00020}@media (prefers-color-scheme:dark){.err{color:#ff9b9b}}.ok{font-weight:600}footer{margin-top:2rem;font-size:.875rem}footer a{color:inherit}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}form h2{margin-top:0}`;

/** The preview player and the countdown: the page's only script. */
const SCRIPT = `(()=>{const b=document.getElementById('play'),a=document.getElementById('clip');if(b&&a){a.controls=false;a.hidden=true;b.hidden=false;b.onclick=()=>{a.paused?a.play():a.pause()};a.onplay=()=>{b.textContent='❚❚ Pause preview';b.setAttribute('aria-pressed','true')};a.onpause=a.onended=()=>{b.textContent='▶ Play preview';b.setAttribute('aria-pressed','false')}}const c=document.getElementById('countdown');if(c){const t=Date.parse(c.dataset.at),f=()=>{const s=Math.max(0,(t-Date.now())/1e3),d=Math.floor(s/86400),h=Math.floor(s%86400/3600),m=Math.floor(s%3600/60);c.textContent=s<=0?'Out now':'Out in '+(d?d+' d ':'')+h+' h '+m+' min'};f();setInterval(f,3e4)}})();`;
/** The Content-Security-Policy the page is sent with: its own inline style and this one script. */
export const RELEASE_PAGE_CSP = `default-src 'none'; img-src 'self'; media-src 'self'; connect-src 'self'; style-src 'sha256-${crypto.createHash('sha256').update(CSS).digest('base64')}'; script-src 'sha256-${crypto.createHash('sha256').update(SCRIPT).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/** The public release page (ADR 050): server-rendered, its own CSS, one small script; every value escaped. */
export function presentReleasePage(release: PublicRelease, options: { url: string; origin: string; today: string; signup?: { error?: string; email?: string; done?: boolean } }): string {
  const e = escapeHtml;
  const base = `/r/${encodeURIComponent(release.slug)}`;
  const name = release.artist ? `${release.title} by ${release.artist}` : release.title;
  const upcoming = release.releaseDate !== null && release.releaseDate > options.today;
  const description = upcoming ? `${name}: out ${longDate(release.releaseDate!)}. Listen to a preview and save the date.` : `${name}: listen now.`;
  const og = release.coverId !== null ? `${options.origin}${base}/og.png` : null;
  const meta = [
    `<meta property="og:type" content="music.song">`,
    `<meta property="og:title" content="${e(name)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(options.url)}">`,
    ...(og ? [`<meta property="og:image" content="${e(og)}">`, `<meta property="og:image:width" content="1200">`, `<meta property="og:image:height" content="630">`, `<meta property="og:image:alt" content="${e(`Cover of ${release.title}`)}">`] : []),
    `<meta name="twitter:card" content="${og ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(name)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    ...(og ? [`<meta name="twitter:image" content="${e(og)}">`] : []),
  ].join('');
  const links = release.links
    .map((l) => `<li><a href="${base}/go/${l.service}" rel="nofollow">${e(RELEASE_SERVICES[l.service].label)}<span aria-hidden="true">→</span></a></li>`)
    .join('');
  const when = release.releaseDate
    ? upcoming
      ? `<p class="when">Out <time datetime="${release.releaseDate}">${longDate(release.releaseDate)}</time> · <span id="countdown" data-at="${release.releaseDate}T00:00:00Z">coming soon</span></p>`
      : `<p class="when">Out now · released <time datetime="${release.releaseDate}">${longDate(release.releaseDate)}</time></p>`
    : '';
  const player = release.previewTrackFile
    ? `<div class="row"><button type="button" id="play" aria-pressed="false" hidden>▶ Play preview</button><audio id="clip" controls preload="none" src="${base}/preview.mp3" aria-label="Preview of ${e(release.title)}"></audio>${upcoming ? `<a class="btn alt" href="${base}/remind.ics" download>Remind me</a>` : ''}</div>`
    : upcoming
      ? `<div class="row"><a class="btn alt" href="${base}/remind.ics" download>Remind me</a></div>`
      : '';
  const s = options.signup;
  const signup = upcoming
    ? s?.done
      ? `<p class="ok" role="status">Thanks: you’re on the list for ${e(release.title)}.</p>`
      : `<form method="post" action="${base}/signup"><h2>Hear when it’s out</h2><label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="email" required value="${e(s?.email ?? '')}"${s?.error ? ' aria-describedby="signup-error" aria-invalid="true"' : ''}><div class="check"><input id="consent" name="consent" type="checkbox" value="yes" required><label for="consent">I agree that the artist may e-mail me about this release. I can ask to be removed at any time.</label></div>${s?.error ? `<p class="err" id="signup-error" role="alert">${e(s.error)}</p>` : ''}<button type="submit">Sign up</button></form>`
    : '';
  const cover = release.coverId !== null ? `<img class="cover" src="${base}/cover.webp" width="600" height="600" alt="${e(`Cover of ${release.title}`)}" fetchpriority="high">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(name)}</title><meta name="description" content="${e(description)}"><link rel="canonical" href="${e(options.url)}"><link rel="icon" type="image/svg+xml" href="/favicon.svg">${meta}<style>${CSS}</style></head><body><main>${cover}<h1>${e(release.title)}${release.explicit ? ' <small class="muted" title="Explicit">🅴</small>' : ''}</h1>${release.artist ? `<p class="muted">${e(release.artist)}</p>` : ''}${when}${player}${links ? `<h2>Listen on</h2><ul>${links}</ul>` : ''}${signup}<footer class="muted"><a href="${base}/qr.svg">QR code</a> · <a href="${base}/flyer.pdf">Printable flyer</a></footer></main>${release.previewTrackFile || upcoming ? `<script>${SCRIPT}</script>` : ''}</body></html>`;
}
