import type { FastifyInstance } from 'fastify';
import { registerLivePlayback } from './live.playback';
import { registerWebRtcRoutes } from './live.webrtc-routes';

export interface LivePluginOptions {
  services: Parameters<typeof registerLivePlayback>[1];
}

/**
 * The live domain's routes: HLS of live sessions and finished replays (premium: signed playback tokens), and WHIP
 * ingest / WHEP playback (in their own scope: they read SDP bodies).
 */
export async function livePlugin(app: FastifyInstance, { services }: LivePluginOptions): Promise<void> {
  registerLivePlayback(app, services);
  await app.register(registerWebRtcRoutes, services);
}
