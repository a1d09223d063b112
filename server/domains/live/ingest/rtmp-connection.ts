/**
 * The RTMP protocol for one publishing client: handshake, chunk stream reassembly, protocol control messages and
 * the AMF0 commands a publisher sends (connect, createStream, publish, ...). Audio, video and data messages are
 * handed to `onMedia` with their timestamp; everything about what to do with them lives in ingest-server.ts and
 * publish.ts. What it sends (answers, acknowledgements, status) is written by rtmp-messages.ts.
 *
 * Reassembly copies each message's payload once (or not at all when a message arrives whole in one socket read);
 * headers are parsed byte by byte from a small fixed buffer, and nothing is allocated per chunk.
 */
import type { Socket } from 'node:net';
import { type Amf0Object, type Amf0Value, decodeAmf0 } from './amf0';
import { HANDSHAKE_SIZE, serverHandshake } from './handshake';
import * as msg from './rtmp-messages';

const enum State {
  C0C1,
  C2,
  Header,
  Payload,
  Closed,
}

const MAX_CHUNK_STREAMS = 64;
/** Before a publish is accepted only small command messages are expected. */
const MAX_MESSAGE_BEFORE_PUBLISH = 64 * 1024;
const MAX_MESSAGE = 16 * 1024 * 1024;

interface ChunkStream {
  timestamp: number;
  delta: number;
  length: number;
  type: number;
  streamId: number;
  extended: boolean;
  payload: Buffer | null;
  received: number;
}

export type MediaType = typeof msg.MSG_AUDIO | typeof msg.MSG_VIDEO | typeof msg.MSG_DATA_AMF0;

export interface RtmpConnectionHandlers {
  /** A `publish` command arrived; answer with accept() or refuse(). */
  onPublish(app: string, streamName: string): void;
  /** Audio (8), video (9) or AMF0 data (18) message of the published stream. */
  onMedia(type: MediaType, timestamp: number, payload: Buffer): void;
  /** The client ended its publish (FCUnpublish / deleteStream / closeStream). */
  onUnpublish(): void;
  /** A protocol error; the connection is closed by the caller. */
  onProtocolError(message: string): void;
}

export class RtmpConnection {
  private state = State.C0C1;
  private readonly hs = Buffer.allocUnsafe(1 + HANDSHAKE_SIZE);
  private hsLen = 0;
  private readonly hdr = Buffer.alloc(18);
  private hdrLen = 0;
  private hdrNeed = 1;
  private hdrStage = 0;
  private fmt = 0;
  private csid = 0;
  private basicLen = 1;
  private cs: ChunkStream | null = null;
  private chunkLeft = 0;
  private readonly streams = new Map<number, ChunkStream>();
  private inChunkSize = 128;
  private peerWindowAck = 0;
  private bytesIn = 0;
  private lastAck = 0;
  private publishStreamId = 0;
  private nextStreamId = 1;
  /** Set once the publish was accepted: media messages pass, large messages are allowed. */
  private publishing = false;
  private publishRequested = false;
  app = '';
  private readonly out: msg.RtmpWriter;

  constructor(
    private readonly socket: Socket,
    private readonly handlers: RtmpConnectionHandlers,
  ) {
    this.out = new msg.RtmpWriter(socket);
  }

  get isPublishing(): boolean {
    return this.publishing;
  }

  close(): void {
    this.state = State.Closed;
  }

  /** Feed bytes read from the socket. */
  feed(data: Buffer): void {
    const len = data.length;
    this.bytesIn += len;
    let pos = 0;
    while (pos < len) {
      switch (this.state) {
        case State.C0C1: {
          const n = Math.min(this.hs.length - this.hsLen, len - pos);
          data.copy(this.hs, this.hsLen, pos, pos + n);
          this.hsLen += n;
          pos += n;
          if (this.hsLen === this.hs.length) {
            if (this.hs[0] !== 3) {
              this.fail(`Unsupported RTMP version ${this.hs[0]}`);
              return;
            }
            this.socket.write(serverHandshake(this.hs.subarray(1)));
            this.hsLen = 0;
            this.state = State.C2;
          }
          break;
        }
        case State.C2: {
          const n = Math.min(HANDSHAKE_SIZE - this.hsLen, len - pos);
          this.hsLen += n;
          pos += n;
          if (this.hsLen === HANDSHAKE_SIZE) this.startHeader();
          break;
        }
        case State.Header:
          this.hdr[this.hdrLen++] = data[pos++]!;
          if (this.hdrLen === this.hdrNeed && !this.headerStep()) return;
          break;
        case State.Payload: {
          const cs = this.cs!;
          const n = Math.min(this.chunkLeft, len - pos);
          if (cs.payload === null) {
            if (n === cs.length) {
              cs.payload = data.subarray(pos, pos + n); // whole message in this read: no copy
            } else {
              cs.payload = Buffer.allocUnsafe(cs.length);
              data.copy(cs.payload, 0, pos, pos + n);
            }
          } else {
            data.copy(cs.payload, cs.received, pos, pos + n);
          }
          cs.received += n;
          this.chunkLeft -= n;
          pos += n;
          if (this.chunkLeft === 0 && !this.chunkDone()) return;
          break;
        }
        case State.Closed:
          return;
      }
    }
    if (this.peerWindowAck > 0 && this.bytesIn - this.lastAck >= this.peerWindowAck) {
      this.lastAck = this.bytesIn;
      this.out.control(msg.MSG_ACK, this.bytesIn);
    }
  }

  private startHeader(): void {
    this.state = State.Header;
    this.hdrLen = 0;
    this.hdrNeed = 1;
    this.hdrStage = 0;
  }

  private fail(message: string): false {
    this.state = State.Closed;
    this.handlers.onProtocolError(message);
    return false;
  }

  /** Called each time `hdrNeed` bytes of the chunk header are in; false when the connection must stop. */
  private headerStep(): boolean {
    const h = this.hdr;
    if (this.hdrStage === 0) {
      this.fmt = h[0]! >>> 6;
      const low = h[0]! & 0x3f;
      this.basicLen = low === 0 ? 2 : low === 1 ? 3 : 1;
      this.hdrStage = 1;
      if (this.basicLen > 1) {
        this.hdrNeed = this.basicLen;
        return true;
      }
    }
    if (this.hdrStage === 1) {
      const low = h[0]! & 0x3f;
      this.csid = low === 0 ? h[1]! + 64 : low === 1 ? h[1]! + h[2]! * 256 + 64 : low;
      let cs = this.streams.get(this.csid);
      if (!cs) {
        if (this.streams.size >= MAX_CHUNK_STREAMS) return this.fail('Too many RTMP chunk streams');
        cs = { timestamp: 0, delta: 0, length: 0, type: 0, streamId: 0, extended: false, payload: null, received: 0 };
        this.streams.set(this.csid, cs);
      }
      this.cs = cs;
      this.hdrStage = 2;
      const msgLen = this.fmt === 0 ? 11 : this.fmt === 1 ? 7 : this.fmt === 2 ? 3 : 0;
      if (msgLen > 0) {
        this.hdrNeed = this.basicLen + msgLen;
        return true;
      }
    }
    const cs = this.cs!;
    if (this.hdrStage === 2) {
      let extended = cs.extended;
      if (this.fmt < 3) {
        const o = this.basicLen;
        extended = h[o] === 0xff && h[o + 1] === 0xff && h[o + 2] === 0xff;
      }
      this.hdrStage = 3;
      if (extended) {
        this.hdrNeed = this.hdrLen + 4;
        return true;
      }
    }
    return this.applyHeader();
  }

  private applyHeader(): boolean {
    const h = this.hdr;
    const cs = this.cs!;
    const o = this.basicLen;
    const fmt = this.fmt;
    let tsField = 0;
    if (fmt < 3) {
      tsField = (h[o]! << 16) | (h[o + 1]! << 8) | h[o + 2]!;
      cs.extended = tsField === 0xffffff;
    }
    const newMessage = cs.received === 0 || cs.payload === null;
    if (fmt <= 1 && newMessage) {
      cs.length = (h[o + 3]! << 16) | (h[o + 4]! << 8) | h[o + 5]!;
      cs.type = h[o + 6]!;
      if (fmt === 0) cs.streamId = h.readUInt32LE(o + 7);
    }
    if (newMessage) {
      let ts = tsField;
      if (cs.extended) ts = h.readUInt32BE(this.hdrLen - 4);
      if (fmt === 0) {
        cs.timestamp = ts;
        cs.delta = ts;
      } else if (fmt === 3) {
        cs.timestamp = (cs.timestamp + cs.delta) >>> 0;
      } else {
        cs.delta = ts;
        cs.timestamp = (cs.timestamp + ts) >>> 0;
      }
      const limit = this.publishing ? MAX_MESSAGE : MAX_MESSAGE_BEFORE_PUBLISH;
      if (cs.length > limit) return this.fail(`RTMP message of ${cs.length} bytes is too large`);
      cs.received = 0;
      cs.payload = null;
    }
    this.chunkLeft = Math.min(this.inChunkSize, cs.length - cs.received);
    if (this.chunkLeft === 0) return this.chunkDone();
    this.state = State.Payload;
    return true;
  }

  private chunkDone(): boolean {
    const cs = this.cs!;
    if (cs.received >= cs.length) {
      const payload = cs.payload ?? Buffer.alloc(0);
      cs.payload = null;
      cs.received = 0;
      this.startHeader();
      this.dispatch(cs.type, cs.timestamp, payload);
      return this.state !== State.Closed;
    }
    this.startHeader();
    return true;
  }

  private dispatch(type: number, timestamp: number, payload: Buffer): void {
    switch (type) {
      case msg.MSG_AUDIO:
      case msg.MSG_VIDEO:
      case msg.MSG_DATA_AMF0:
        if (this.publishing) this.handlers.onMedia(type, timestamp, payload);
        return;
      case msg.MSG_DATA_AMF3:
        if (this.publishing && payload.length > 1) this.handlers.onMedia(msg.MSG_DATA_AMF0, timestamp, payload.subarray(1));
        return;
      case msg.MSG_AGGREGATE:
        if (this.publishing) msg.forEachAggregated(timestamp, payload, (tagType, tagTimestamp, tag) => this.handlers.onMedia(tagType as MediaType, tagTimestamp, tag));
        return;
      case msg.MSG_SET_CHUNK_SIZE: {
        if (payload.length < 4) return;
        const size = payload.readUInt32BE(0) & 0x7fffffff;
        if (size < 1 || size > MAX_MESSAGE) {
          this.fail(`Bad RTMP chunk size ${size}`);
          return;
        }
        this.inChunkSize = size;
        return;
      }
      case msg.MSG_ABORT: {
        if (payload.length < 4) return;
        const cs = this.streams.get(payload.readUInt32BE(0));
        if (cs) {
          cs.payload = null;
          cs.received = 0;
        }
        return;
      }
      case msg.MSG_WINDOW_ACK_SIZE:
        if (payload.length >= 4) this.peerWindowAck = payload.readUInt32BE(0);
        return;
      case msg.MSG_USER_CONTROL:
        if (payload.length >= 6 && payload.readUInt16BE(0) === 6) {
          this.out.pong(payload);
        }
        return;
      case msg.MSG_COMMAND_AMF0:
        this.command(payload, 0);
        return;
      case msg.MSG_COMMAND_AMF3:
        this.command(payload, 1);
        return;
      case msg.MSG_ACK:
      case msg.MSG_SET_PEER_BANDWIDTH:
      default:
        return;
    }
  }

  private command(payload: Buffer, offset: number): void {
    let values: Amf0Value[];
    try {
      values = decodeAmf0(payload, offset);
    } catch (err) {
      this.fail(`Bad RTMP command: ${(err as Error).message}`);
      return;
    }
    const name = values[0];
    const txn = typeof values[1] === 'number' ? values[1] : 0;
    switch (name) {
      case 'connect': {
        const obj = (values[2] ?? {}) as Amf0Object;
        const app = typeof obj.app === 'string' ? obj.app : '';
        this.app = app.split('?')[0]!.replace(/^\/+|\/+$/g, '');
        this.out.connected(txn, typeof obj.objectEncoding === 'number' ? obj.objectEncoding : 0);
        return;
      }
      case 'createStream': {
        const id = this.nextStreamId++;
        this.out.command(3, 0, '_result', txn, null, id);
        return;
      }
      case 'publish': {
        if (this.publishRequested) return;
        this.publishRequested = true;
        this.publishStreamId = this.nextStreamId > 1 ? this.nextStreamId - 1 : 1;
        const streamName = typeof values[3] === 'string' ? values[3] : '';
        this.handlers.onPublish(this.app, streamName);
        return;
      }
      case 'FCUnpublish':
      case 'deleteStream':
      case 'closeStream':
        if (this.publishRequested) this.handlers.onUnpublish();
        return;
      case 'play':
        this.out.status(this.publishStreamId, 'error', 'NetStream.Play.Failed', 'Playback over RTMP is not offered');
        this.fail('Playback over RTMP is not offered');
        return;
      default:
        // releaseStream, FCPublish, getStreamLength, _checkbw, ...: nothing to answer
        return;
    }
  }

  /** Accept the pending publish: the client starts sending media. */
  accept(): void {
    if (this.state === State.Closed) return;
    this.publishing = true;
    this.out.streamBegin(this.publishStreamId);
    this.out.status(this.publishStreamId, 'status', 'NetStream.Publish.Start', 'Start publishing');
  }

  /** Refuse the pending publish with a reason the encoder may show; the caller closes the socket. */
  refuse(reason: string): void {
    if (this.state === State.Closed) return;
    this.publishing = false;
    this.out.status(this.publishStreamId, 'error', 'NetStream.Publish.BadName', reason);
    this.state = State.Closed;
  }
}
