import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client';
import { ChatStreamError } from '../api/chat-stream';
import { SEND_ERROR_DEFAULT, sendErrorDescription } from './use-chat-session';

describe('sendErrorDescription (the Error sending message toast, spec §8)', () => {
  it('names network and server errors', () => {
    expect(sendErrorDescription(new TypeError('Failed to fetch'))).toBe('Network error. Please check your connection.');
    expect(sendErrorDescription(new HttpError(502, 'Bad Gateway', ''))).toBe('Server error. This could be an OpenAI API issue.');
    expect(sendErrorDescription(new ChatStreamError('upstream failed', 503))).toBe('Server error. This could be an OpenAI API issue.');
    expect(sendErrorDescription(new Error('Request failed: 500'))).toBe('Server error. This could be an OpenAI API issue.');
  });

  it('passes on what the server said, e.g. which quota ran out', () => {
    const body = JSON.stringify({ message: "You've used today's 30 chat messages. They reset at 00:00 UTC.", code: 'quota_exceeded' });
    expect(sendErrorDescription(new HttpError(429, 'Too Many Requests', body))).toBe("You've used today's 30 chat messages. They reset at 00:00 UTC.");
    expect(sendErrorDescription(new ChatStreamError('The reply took too long.', 408))).toBe('The reply took too long.');
  });

  it('falls back to the default text', () => {
    expect(sendErrorDescription(new HttpError(400, 'Bad Request', 'plain text'))).toBe(SEND_ERROR_DEFAULT);
    expect(sendErrorDescription(new ChatStreamError('', 400))).toBe(SEND_ERROR_DEFAULT);
    expect(sendErrorDescription(null)).toBe(SEND_ERROR_DEFAULT);
  });
});
