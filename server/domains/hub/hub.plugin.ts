import type { FastifyInstance } from 'fastify';
import { registerSignalRHub } from './hub.signalr';

export interface HubPluginOptions {
  services: Parameters<typeof registerSignalRHub>[1];
}

/** The hub domain on the server: the SignalR-compatible real-time hub at /msgHub (register it in the websocket scope). */
export async function hubPlugin(app: FastifyInstance, { services }: HubPluginOptions): Promise<void> {
  registerSignalRHub(app, services);
}
