/**
 * RTMP message types, and the sending side of a connection: every message this server writes, split into chunks of
 * the chunk size it announced.
 */
import type { Socket } from 'node:net';
import { type Amf0Value, encodeAmf0 } from './amf0';

export const MSG_SET_CHUNK_SIZE = 1;
export const MSG_ABORT = 2;
export const MSG_ACK = 3;
export const MSG_USER_CONTROL = 4;
export const MSG_WINDOW_ACK_SIZE = 5;
export const MSG_SET_PEER_BANDWIDTH = 6;
export const MSG_AUDIO = 8;
export const MSG_VIDEO = 9;
export const MSG_DATA_AMF3 = 15;
export const MSG_COMMAND_AMF3 = 17;
export const MSG_DATA_AMF0 = 18;
export const MSG_COMMAND_AMF0 = 20;
export const MSG_AGGREGATE = 22;

const OUT_CHUNK_SIZE = 4096;
const WINDOW_ACK_SIZE = 2_500_000;

/** Writes RTMP messages to one client's socket (nothing once the socket is gone). */
export class RtmpWriter {
  /** The chunk size the client was told (128 until `connect` is answered). */
  chunkSize = 128;

  constructor(private readonly socket: Socket) {}

  /** The answers to `connect`: window size, peer bandwidth, our chunk size (used from here on), then `_result`. */
  connected(txn: number, objectEncoding: number): void {
    this.control(MSG_WINDOW_ACK_SIZE, WINDOW_ACK_SIZE);
    const bw = Buffer.allocUnsafe(5);
    bw.writeUInt32BE(WINDOW_ACK_SIZE, 0);
    bw[4] = 2;
    this.message(2, MSG_SET_PEER_BANDWIDTH, 0, bw);
    this.control(MSG_SET_CHUNK_SIZE, OUT_CHUNK_SIZE);
    this.chunkSize = OUT_CHUNK_SIZE;
    this.command(3, 0, '_result', txn, { fmsVer: 'FMS/3,0,1,123', capabilities: 31 }, {
      level: 'status',
      code: 'NetConnection.Connect.Success',
      description: 'Connection succeeded.',
      objectEncoding,
    });
  }

  /** User control StreamBegin for the stream about to be published. */
  streamBegin(streamId: number): void {
    const b = Buffer.allocUnsafe(6);
    b.writeUInt16BE(0, 0);
    b.writeUInt32BE(streamId, 2);
    this.message(2, MSG_USER_CONTROL, 0, b);
  }

  /** Ping request → ping response with the same timestamp. */
  pong(ping: Buffer): void {
    const b = Buffer.allocUnsafe(6);
    b.writeUInt16BE(7, 0);
    ping.copy(b, 2, 2, 6);
    this.message(2, MSG_USER_CONTROL, 0, b);
  }

  status(streamId: number, level: string, code: string, description: string): void {
    this.command(5, streamId, 'onStatus', 0, null, { level, code, description });
  }

  control(type: number, value: number): void {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32BE(value >>> 0, 0);
    this.message(2, type, 0, b);
  }

  command(csid: number, streamId: number, ...values: Amf0Value[]): void {
    this.message(csid, MSG_COMMAND_AMF0, streamId, encodeAmf0(...values));
  }

  message(csid: number, type: number, streamId: number, payload: Buffer): void {
    if (this.socket.destroyed || !this.socket.writable) return;
    const chunks = Math.max(1, Math.ceil(payload.length / this.chunkSize));
    const out = Buffer.allocUnsafe(12 + (chunks - 1) + payload.length);
    out[0] = csid & 0x3f; // fmt 0, csid < 64
    out.writeUIntBE(0, 1, 3); // timestamp
    out.writeUIntBE(payload.length, 4, 3);
    out[7] = type;
    out.writeUInt32LE(streamId, 8);
    let o = 12;
    for (let i = 0; i < chunks; i++) {
      if (i > 0) out[o++] = 0xc0 | (csid & 0x3f);
      const start = i * this.chunkSize;
      const end = Math.min(payload.length, start + this.chunkSize);
      payload.copy(out, o, start, end);
      o += end - start;
    }
    this.socket.write(out);
  }
}

/**
 * The audio, video and data messages an aggregate message holds (FLV tags), each with its timestamp made absolute:
 * the tags' timestamps are relative to the first one.
 */
export function forEachAggregated(timestamp: number, payload: Buffer, onMessage: (type: number, timestamp: number, payload: Buffer) => void): void {
  let off = 0;
  let first = -1;
  while (off + 11 <= payload.length) {
    const type = payload[off]!;
    const size = (payload[off + 1]! << 16) | (payload[off + 2]! << 8) | payload[off + 3]!;
    const ts = ((payload[off + 7]! << 24) | (payload[off + 4]! << 16) | (payload[off + 5]! << 8) | payload[off + 6]!) >>> 0;
    if (off + 11 + size > payload.length) break;
    if (first < 0) first = ts;
    if (type === MSG_AUDIO || type === MSG_VIDEO || type === MSG_DATA_AMF0) onMessage(type, (timestamp + ts - first) >>> 0, payload.subarray(off + 11, off + 11 + size));
    off += 11 + size + 4;
  }
}
