import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import { withoutFormatCharacters } from '@members-only/shared/plain-text';
import { AppError } from '../errors';

/** RFC 8187 ext-value: encodeURIComponent leaves ' ( ) * unescaped, which the header format forbids. */
export const rfc8187 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` for a file the browser shows (`inline`) or saves (`attachment`) under `name`,
 * without invisible format characters (a right-to-left override would make `evil\u202Egpj.mp3`
 * save as what reads `evil3pm.jpg`; ADR 032), also for names stored before they were removed on upload.
 */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string) => `${kind}; filename*=UTF-8''${rfc8187(withoutFormatCharacters(name))}`;

/**
 * Sends private audio that the route has already authorized, with Range support so players can
 * seek (amendment B3): the whole file, one byte range (206), or 416 for a range outside it.
 */
export function sendPrivateAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  audio: { contentType: string; fileName: string; size: number; read(range?: { start: number; end: number }): Readable },
) {
  reply.header('content-type', audio.contentType);
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', 'private, no-cache');
  reply.header('content-disposition', contentDisposition('inline', audio.fileName));
  const header = request.headers.range;
  const ranges = header ? rangeParser(audio.size, header, { combine: true }) : -2;
  if (ranges === -1) {
    throw new AppError(416, 'Requested range not satisfiable', 'range_not_satisfiable', undefined, { 'content-range': `bytes */${audio.size}` });
  }
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) {
    reply.header('content-length', String(audio.size));
    return reply.send(audio.read());
  }
  const [{ start, end }] = ranges as unknown as [{ start: number; end: number }];
  reply.status(206);
  reply.header('content-range', `bytes ${start}-${end}/${audio.size}`);
  reply.header('content-length', String(end - start + 1));
  return reply.send(audio.read({ start, end }));
}
