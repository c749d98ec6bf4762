/** Speech-to-text behind one interface; unset configuration means none (the artist types the lyrics). */
export interface SpeechToText {
  readonly engine: string;
  transcribe(file: { path: string; filename: string; mimeType: string }, signal?: AbortSignal): Promise<string>;
}
