import { trackSchema, type Track } from '@members-only/shared/tracks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { HttpError, InvalidResponseError, parseResponse } from '@/lib/api-client';
import { SONGS_QUERY_KEY } from '@/lib/api/songs';
import { TRACKS_QUERY_KEY } from './get-tracks';
import { STORAGE_QUERY_KEY } from './get-storage';
import { rememberTrack } from './track-cache';

const UPLOAD_URL = '/api/tracks/upload';

export interface UploadTrackOptions {
  /** Fraction of the request body sent so far (0..1), from the browser's upload progress events. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The song the upload is a version of (issue 26); without one the server starts a new song named from the file. */
  songId?: number | null;
}

/**
 * POST /api/tracks/upload as multipart (field `audioFile`). XMLHttpRequest rather than fetch,
 * because only XHR reports upload progress (amendment C1: real progress, not a simulated bar).
 * Same-origin, so the session cookie goes with it. Rejects with HttpError (server's message),
 * TypeError (network) or an AbortError DOMException.
 */
export function uploadTrack(file: File, { onProgress, signal, songId }: UploadTrackOptions = {}): Promise<Track> {
  return new Promise<Track>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const finish = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      finish();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new HttpError(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        console.error('Invalid response from server: the upload answer is not JSON', UPLOAD_URL);
        reject(new InvalidResponseError(UPLOAD_URL));
        return;
      }
      try {
        resolve(parseResponse(trackSchema, body, UPLOAD_URL));
      } catch (error) {
        reject(error instanceof Error ? error : new InvalidResponseError(UPLOAD_URL));
      }
    };
    xhr.onerror = () => {
      finish();
      // errorMessage() turns a TypeError into the network-error text, as it does for fetch.
      reject(new TypeError('Network request failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      finish();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const body = new FormData();
    // The song's field goes before the file: the server reads the fields first.
    if (songId) body.append('songId', String(songId));
    body.append('audioFile', file, file.name);
    xhr.send(body);
  });
}

/**
 * Uploads a track and reports its real progress in percent (0..100). The bar stops at 99 until
 * the server has answered, so 100 means the track exists. `cancel` aborts the request.
 */
export function useUploadTrack() {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(0);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: ({ file, songId }: { file: File; songId?: number | null }) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setPercent(0);
      return uploadTrack(file, {
        songId,
        signal: current.signal,
        onProgress: (fraction) => setPercent(Math.min(99, Math.floor(fraction * 100))),
      });
    },
    onSuccess: (track) => {
      setPercent(100);
      rememberTrack(queryClient, track);
      // Not awaited: the caller hears about the new track without waiting for the list refetch.
      void queryClient.invalidateQueries({ queryKey: TRACKS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: STORAGE_QUERY_KEY });
      // A new song, or a new version of one: its page and the song lists change.
      void queryClient.invalidateQueries({ queryKey: SONGS_QUERY_KEY });
    },
    onError: () => setPercent(0),
    onSettled: () => {
      controller.current = null;
    },
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, percent, cancel };
}
