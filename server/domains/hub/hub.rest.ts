import type { RestModule } from '@server/rest/kit';
import { registerSignalRHub } from './hub.signalr';

/** The SignalR-compatible real-time hub at /msgHub (platform.md §7). */
export const hubRest: RestModule = (app, { services }) => {
  registerSignalRHub(app, services);
};
