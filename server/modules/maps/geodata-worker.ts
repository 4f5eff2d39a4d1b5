import { parentPort, workerData } from 'node:worker_threads';
import { writeBaseMapData } from './geodata-file';

/**
 * Worker thread entry (and its own bundle, dist/server/base-map-worker.js): derives the base
 * map's geodata and writes its file, so a process without a build never blocks its requests
 * for the seconds this takes.
 */
const { file } = workerData as { file: string };
parentPort?.postMessage(writeBaseMapData(file));
