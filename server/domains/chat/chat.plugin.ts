import type { FastifyInstance } from 'fastify';
import type { ChatServices } from './chat.service';
import { chatFanout, type TrpcSocketHook } from './chat.socket';

export interface ChatPluginOptions {
  services: ChatServices;
  /** The /trpc websocket transport's hook (server/trpc/ws.ts). */
  trpcSocket: TrpcSocketHook;
}

/** The chat domain on the server: its rooms' fan-out below tRPC's handler on the /trpc socket (chat.socket.ts). */
export async function chatPlugin(_app: FastifyInstance, { services, trpcSocket }: ChatPluginOptions): Promise<void> {
  trpcSocket.addFastPath(chatFanout(services));
}
