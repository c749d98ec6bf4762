/** A Response whose body arrives in the given chunks (strings are UTF-8 encoded; bytes pass as they are). */
export function streamResponse(chunks: Array<string | Uint8Array>, contentType = 'text/event-stream'): { response: Response; cancelled: () => boolean } {
  const encoder = new TextEncoder();
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(body, { headers: { 'Content-Type': contentType } }), cancelled: () => cancelled };
}

/** One server-sent event as the server writes it. */
export const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
