import type { FastifyInstance } from 'fastify';
import { registerLivePlayback } from './live.playback';

export interface LivePluginOptions {
  services: Parameters<typeof registerLivePlayback>[1];
}

/** The live domain's routes: HLS of live sessions and finished replays (premium: signed playback tokens). */
export async function livePlugin(app: FastifyInstance, { services }: LivePluginOptions): Promise<void> {
  registerLivePlayback(app, services);
}
