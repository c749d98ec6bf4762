import { parentPort, workerData } from 'node:worker_threads';
import { analyzeAudio } from '@members-only/engines/audio';

/** Runs the CPU-heavy analysis off the main thread; reports progress and posts the result. */
const { channels, sampleRate } = workerData as { channels: Float32Array[]; sampleRate: number };
const result = analyzeAudio({ channels, sampleRate }, (fraction) => parentPort!.postMessage({ type: 'progress', fraction }));
parentPort!.postMessage({ type: 'result', result });
