import { RELEASE, RELEASE_SERVICE_IDS, RELEASE_SERVICES, type Release, type ReleaseService } from '@members-only/shared/releases';
import type { SongDetail } from '@members-only/shared/songs';
import { Copy, Download, ExternalLink, FileText, Plus, QrCode, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/utils';
import { signupsCsvUrl, useRelease, useReleaseStats, useSaveRelease } from '../api/release';
import { formFromRelease, newLinkRow, serverFieldErrors, toReleaseInput, validateReleaseForm, type FieldErrors, type ReleaseFormValues } from '../lib/release-form';
import { ReleaseStats } from './release-stats';

/** The song page's "Release page" section (issue 30): the public page's settings, links and stats. */
export function ReleaseSection({ song }: { song: SongDetail }) {
  const release = useRelease(song.id);
  return (
    <Card className="p-5">
      <section aria-labelledby="song-section-release-page" data-testid="song-release">
        <h2 id="song-section-release-page" className="mb-1 text-lg font-semibold tracking-tight">
          Release page
        </h2>
        <p className="mb-4 text-sm text-muted-foreground">A page for fans with the cover, a short preview and your store links.</p>
        {release.isError ? (
          <LoadFailed message="Failed to load the release page. Please try again later." onRetry={() => void release.refetch()} />
        ) : release.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading the release page...</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          // The form keeps what is typed while the song polls; a save resets it from the server's answer.
          <ReleaseEditor key={release.data.songId} song={song} release={release.data} />
        )}
      </section>
    </Card>
  );
}

function ReleaseEditor({ song, release }: { song: SongDetail; release: Release }) {
  const [values, setValues] = useState<ReleaseFormValues>(() => formFromRelease(release));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const save = useSaveRelease(song.id);
  const chooseCover = song.covers.length > 0;
  const latest = song.versions[0]?.track;
  const duration = latest?.duration ?? undefined;
  const previewStartMax = duration !== undefined ? Math.max(0, Math.floor(duration) - RELEASE.previewMin) : RELEASE.previewStartMax;
  const origin = release.url.slice(0, release.url.length - release.slug.length);
  const set = <K extends keyof ReleaseFormValues>(key: K, value: ReleaseFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const usedServices = new Set(values.links.map((l) => l.service));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateReleaseForm(values, { chooseCover }, duration);
    setErrors(found);
    if (Object.keys(found).length) {
      setStatus({ kind: 'error', text: 'Check the fields marked below.' });
      return;
    }
    setStatus(null);
    save.mutate(toReleaseInput(values, { chooseCover }), {
      onSuccess: (saved) => {
        setValues(formFromRelease(saved));
        setStatus({ kind: 'ok', text: saved.published ? 'Saved. Your page is public.' : 'Saved. Your page is hidden until you publish it.' });
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error, values));
        setStatus({ kind: 'error', text: errorMessage(error) });
      },
    });
  };

  const publicUrl = release.url;
  return (
    <div className="grid gap-6">
      <form className="grid gap-5" aria-label="Release page settings" noValidate onSubmit={submit}>
        <div className="flex items-start gap-3">
          <input
            id="release-published"
            type="checkbox"
            role="switch"
            aria-checked={values.published}
            className="mt-1 size-4 accent-primary"
            checked={values.published}
            disabled={save.isPending}
            onChange={(e) => set('published', e.target.checked)}
          />
          <label htmlFor="release-published" className="text-sm">
            <span className="font-medium">Public</span>
            <span className="block text-xs text-muted-foreground">Anyone with the link can see the page. Off: the page is not there at all.</span>
          </label>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="release-slug"
            label="Page address"
            error={errors.slug}
            hint={`${origin}${values.slug.trim().toLowerCase() || '…'}${release.saved ? '' : ' (suggested from the title: saved once you save the page)'}`}
            className="sm:col-span-2"
          >
            {(aria) => (
              <div className="flex items-center gap-1">
                <span className="hidden shrink-0 text-sm text-muted-foreground sm:inline" aria-hidden="true">
                  /r/
                </span>
                <Input
                  {...aria}
                  value={values.slug}
                  maxLength={RELEASE.slugMax}
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  disabled={save.isPending}
                  onChange={(e) => set('slug', e.target.value)}
                />
              </div>
            )}
          </FormField>

          <FormField id="release-date" label="Release date" error={errors.releaseDate} hint="Before this day the page counts down and offers a reminder.">
            {(aria) => <Input {...aria} type="date" value={values.releaseDate} disabled={save.isPending} onChange={(e) => set('releaseDate', e.target.value)} />}
          </FormField>

          {chooseCover ? (
            <FormField id="release-cover" label="Cover" error={errors.coverArtId}>
              {(aria) => (
                <Select {...aria} value={values.coverArtId} disabled={save.isPending} onChange={(e) => set('coverArtId', e.target.value)}>
                  <option value="">The newest cover</option>
                  {song.covers.map((cover) => (
                    <option key={cover.id} value={String(cover.id)}>
                      {cover.title} ({cover.style})
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          ) : null}
        </div>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Preview</legend>
          {latest ? null : <p className="text-sm text-muted-foreground">Upload a version first: the preview is cut from the latest one.</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="release-preview-start"
              label="Starts at (seconds)"
              error={errors.previewStart}
              hint={duration !== undefined ? `0 to ${previewStartMax} for this version` : undefined}
            >
              {(aria) => (
                <Input
                  {...aria}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={previewStartMax}
                  step={1}
                  value={values.previewStart}
                  disabled={save.isPending}
                  onChange={(e) => set('previewStart', e.target.value)}
                />
              )}
            </FormField>
            <FormField id="release-preview-length" label="Length" error={errors.previewSeconds} hint={`${RELEASE.previewMin} to ${RELEASE.previewMax} seconds`}>
              {(aria) => (
                <Select {...aria} value={values.previewSeconds} disabled={save.isPending} onChange={(e) => set('previewSeconds', e.target.value)}>
                  {Array.from({ length: (RELEASE.previewMax - RELEASE.previewMin) / 5 + 1 }, (_, i) => RELEASE.previewMin + i * 5).map((s) => (
                    <option key={s} value={String(s)}>
                      {s} seconds
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Store links</legend>
          {values.links.length === 0 ? <p className="text-sm text-muted-foreground">No store links yet.</p> : null}
          <ol className="grid gap-3">
            {values.links.map((row, i) => (
              <li key={row.key} className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:items-start sm:border-0 sm:p-0">
                <FormField id={`release-link-${row.key}-service`} label={`Store ${i + 1}`} error={errors[`links.${i}.service`]}>
                  {(aria) => (
                    <Select
                      {...aria}
                      value={row.service}
                      disabled={save.isPending}
                      onChange={(e) => set('links', values.links.map((l) => (l.key === row.key ? { ...l, service: e.target.value as ReleaseService | '' } : l)))}
                    >
                      <option value="">Choose a store</option>
                      {RELEASE_SERVICE_IDS.map((service) => (
                        <option key={service} value={service} disabled={service !== row.service && usedServices.has(service)}>
                          {RELEASE_SERVICES[service].label}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                <FormField id={`release-link-${row.key}-url`} label={`Link ${i + 1}`} error={errors[`links.${i}.url`]}>
                  {(aria) => (
                    <Input
                      {...aria}
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      maxLength={RELEASE.urlMax}
                      value={row.url}
                      disabled={save.isPending}
                      onChange={(e) => set('links', values.links.map((l) => (l.key === row.key ? { ...l, url: e.target.value } : l)))}
                    />
                  )}
                </FormField>
                <Button
                  variant="ghost"
                  size="icon"
                  className="justify-self-end sm:mt-6"
                  aria-label={`Remove ${row.service ? RELEASE_SERVICES[row.service].label : `store ${i + 1}`}`}
                  disabled={save.isPending}
                  onClick={() => {
                    set('links', values.links.filter((l) => l.key !== row.key));
                    setErrors({});
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
          {values.links.length < RELEASE_SERVICE_IDS.length ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={save.isPending}
              onClick={() => set('links', [...values.links, newLinkRow(RELEASE_SERVICE_IDS.find((s) => !usedServices.has(s)) ?? '')])}
            >
              <Plus aria-hidden="true" /> Add a store
            </Button>
          ) : null}
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save release page'}
          </Button>
          <p role="status" aria-live="polite" className={cn('text-sm', status?.kind === 'error' ? 'font-medium text-destructive-text' : 'text-muted-foreground')}>
            {status?.text}
          </p>
        </div>
      </form>

      {release.saved && release.published ? <PublishedPanel songId={song.id} release={release} publicUrl={publicUrl} /> : null}
      {release.saved ? <StatsPanel songId={song.id} /> : null}
    </div>
  );
}

function PublishedPanel({ songId, release, publicUrl }: { songId: number; release: Release; publicUrl: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const path = `/r/${encodeURIComponent(release.slug)}`;
  return (
    <div className="grid gap-3 rounded-xl bg-muted/60 p-4" data-testid="release-published">
      <h3 className="text-base font-semibold">Your page is public</h3>
      <p className="text-sm break-all">
        <a href={publicUrl} target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
          {publicUrl}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        <LinkButton href={publicUrl} icon={<ExternalLink aria-hidden="true" />} label="Open the page" newTab />
        <Button
          variant="outline"
          size="sm"
          onClick={() => void copyText(publicUrl).then((ok) => setCopied(ok ? 'The link is copied.' : 'Your browser blocked the clipboard: copy the link above by hand.'))}
        >
          <Copy aria-hidden="true" /> Copy link
        </Button>
        <LinkButton href={`${path}/qr.svg`} icon={<QrCode aria-hidden="true" />} label="QR code" newTab />
        <LinkButton href={`${path}/flyer.pdf`} icon={<FileText aria-hidden="true" />} label="Flyer (PDF)" newTab />
      </div>
      <p role="status" aria-live="polite" className="text-xs text-muted-foreground">
        {copied}
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          <span className="font-semibold tabular-nums">{release.signups}</span> {release.signups === 1 ? 'fan signed up' : 'fans signed up'} for a reminder
        </span>
        {release.signups > 0 ? <LinkButton href={signupsCsvUrl(songId)} icon={<Download aria-hidden="true" />} label="Export sign-ups (CSV)" download /> : null}
      </div>
    </div>
  );
}

function LinkButton({ href, icon, label, newTab, download }: { href: string; icon: ReactNode; label: string; newTab?: boolean; download?: boolean }) {
  return (
    <a
      href={href}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
      {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
      {...(download ? { download: '' } : {})}
    >
      {icon} {label}
      {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

function StatsPanel({ songId }: { songId: number }) {
  const stats = useReleaseStats(songId, true);
  return (
    <section aria-labelledby="release-stats-heading" className="grid gap-3">
      <h3 id="release-stats-heading" className="text-base font-semibold">
        Visits and clicks
      </h3>
      {stats.isError ? (
        <LoadFailed message="Failed to load the numbers. Please try again later." onRetry={() => void stats.refetch()} />
      ) : stats.isPending ? (
        <div role="status">
          <span className="sr-only">Loading the numbers...</span>
          <Skeleton className="h-40" />
        </div>
      ) : (
        <ReleaseStats stats={stats.data} />
      )}
    </section>
  );
}
