// The Booth's mixdown engine (issue 29, ADR 047): comping, the vocal chain, ducking and the master.
// Imported by the server as `@members-only/engines/booth`.
export { mixdown, comp, vocalChain, resample, MIX_ENGINE_NAME } from './booth/mixdown';
export type { MixInput, MixResult, MixTakeInput, VocalChain } from './booth/mixdown';
