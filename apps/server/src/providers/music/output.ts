import { spawn } from 'node:child_process';
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { STUDIO_MESSAGES } from '@members-only/shared/studio';
import { ffmpegPath } from '../../audio/decode';
import { MusicServiceError } from './types';

/** Where a hosted music service's output may be fetched from, and how much of it. */
export interface OutputRules {
  /** Hosts the service delivers files from: exact names, or `*.name` for its subdomains. */
  hosts: string[];
  maxBytes: number;
  /** Tests only (MUSIC_OUTPUT_ALLOW_PRIVATE): http and private, loopback and link-local addresses are let through. */
  allowPrivate?: boolean;
}

const badOutput = () => new MusicServiceError(502, STUDIO_MESSAGES.badAudio, 'music_bad_output');

/** True when a host name is one of the rules' hosts (`*.x` covers x's subdomains, not x). */
export function hostAllowed(hostname: string, hosts: string[]): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((h) => {
    const rule = h.toLowerCase().trim();
    return rule.startsWith('*.') ? name.endsWith(rule.slice(1)) && name.length > rule.length - 1 : name === rule;
  });
}

/** Only public unicast addresses: an IPv4-mapped IPv6 address counts as the IPv4 address it carries. */
export function publicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * A DNS lookup for the download's connection that refuses names resolving to a private, loopback,
 * link-local or otherwise non-public address. It runs when the socket connects, so the address
 * checked is the address used (a name cannot answer one address to a check and another to the fetch).
 */
const safeLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !publicAddress(a.address));
    if (bad || list.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: 'EPRIVATE' }), '', 0);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** Magic bytes of the audio formats we take: MP3 (ID3 tag or an MPEG audio frame), WAV, FLAC, Ogg. */
export function audioKind(head: Buffer): 'mp3' | 'wav' | 'flac' | 'ogg' | null {
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0) return 'mp3';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE') return 'wav';
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'fLaC') return 'flac';
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'OggS') return 'ogg';
  return null;
}

const AUDIO_TYPES = /^(audio\/(mpeg|mp3|wav|wave|x-wav|vnd\.wave|flac|x-flac|ogg|vorbis|opus)|application\/ogg|application\/octet-stream|binary\/octet-stream)$/;

/**
 * Fetches a prediction's output into `file`: https on an allowed host (or anything when tests allow
 * private addresses), never to a non-public address, at most `maxBytes`, with an audio content type
 * and audio magic bytes. Anything else is the plain "not audio we can use" failure.
 */
export async function downloadOutput(url: string, file: string, rules: OutputRules, signal: AbortSignal): Promise<'mp3' | 'wav' | 'flac' | 'ogg'> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new MusicServiceError(502, STUDIO_MESSAGES.noAudio, 'music_no_audio');
  }
  const secure = target.protocol === 'https:';
  if (!secure && !(rules.allowPrivate && target.protocol === 'http:')) throw badOutput();
  if (!hostAllowed(target.hostname, rules.hosts)) throw badOutput();
  const client = secure ? https : http;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.get(target, { signal, ...(rules.allowPrivate ? {} : { lookup: safeLookup }) }, resolve);
    req.on('error', reject);
  }).catch((error: unknown) => {
    if (signal.aborted) throw new MusicServiceError(504, STUDIO_MESSAGES.unavailable, 'music_timeout');
    if ((error as { code?: string })?.code === 'EPRIVATE') throw badOutput();
    throw new MusicServiceError(503, STUDIO_MESSAGES.unavailable, 'music_unavailable');
  });
  try {
    if (response.statusCode !== 200) throw badOutput();
    const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!AUDIO_TYPES.test(type)) throw badOutput();
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > rules.maxBytes) throw new MusicServiceError(502, STUDIO_MESSAGES.audioTooLarge, 'music_too_large');
    const out = fs.createWriteStream(file);
    let size = 0;
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > rules.maxBytes) throw new MusicServiceError(502, STUDIO_MESSAGES.audioTooLarge, 'music_too_large');
        if (head.length < 12) head = Buffer.concat([head, chunk.subarray(0, 12 - head.length)]);
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
    } catch (error) {
      if (error instanceof MusicServiceError) throw error;
      if (signal.aborted) throw new MusicServiceError(504, STUDIO_MESSAGES.unavailable, 'music_timeout');
      throw new MusicServiceError(503, STUDIO_MESSAGES.unavailable, 'music_unavailable');
    } finally {
      await new Promise<void>((r) => out.end(() => r()));
    }
    const kind = audioKind(head);
    if (!kind) throw badOutput();
    return kind;
  } finally {
    response.destroy();
  }
}

/** A WAV, FLAC or Ogg output as MP3 (the Studio keeps and serves MP3), through the same ffmpeg the analyser uses. */
export async function transcodeToMp3(input: string, output: string, signal: AbortSignal): Promise<void> {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', input, '-vn', '-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3', '-y', output];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'ignore'], signal });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  }).catch(() => {
    throw badOutput();
  });
}
