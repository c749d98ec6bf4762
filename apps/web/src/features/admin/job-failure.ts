/** What each kind of background job was doing, in plain words (the admin Overview's failed jobs). */
const JOB_WORK: Record<string, string> = {
  'track.analyze': 'Analysing an uploaded track',
  'track.transcribe': 'Writing out the lyrics of an uploaded track (speech-to-text)',
  'beat.generate': 'Making a Studio beat',
};

/** The likely cause, read from the raw error; null when it says nothing we recognise. */
const CAUSES: [RegExp, string][] = [
  [/time(d)?[ -]?out|ETIMEDOUT|did not answer in time|aborted/i, 'the service took too long'],
  [/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|could not be reached|unreachable|fetch failed|socket hang up/i, 'the service could not be reached'],
  [/\b429\b|rate limit|too many requests/i, 'the service was busy (rate limited)'],
  [/\b40[13]\b|unauthori[sz]ed|forbidden|api key/i, 'the service refused the key'],
  [/ENOENT|no such file|not found in storage|NoSuchKey/i, 'the uploaded file was missing'],
  [/ffmpeg|decode|could not read this file as audio|unsupported/i, 'the file could not be decoded as audio'],
  [/ENOSPC|no space left/i, 'the disk is full'],
  [/out of memory|heap/i, 'the server ran out of memory'],
];

/**
 * A failed job's plain summary, shown before its raw error (issue 24): what the job was doing and,
 * when the error makes it clear, why it failed. "Making a Studio beat failed: the service took too long."
 */
export function jobFailureSummary(job: { type: string; error: string | null }): string {
  const work = JOB_WORK[job.type] ?? `A background job (${job.type})`;
  const cause = job.error ? CAUSES.find(([pattern]) => pattern.test(job.error!))?.[1] : undefined;
  return cause ? `${work} failed: ${cause}.` : `${work} failed.`;
}
