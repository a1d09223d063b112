/** One WHEP viewer in the media worker: a sendonly peer connection on its publisher's relayed tracks. */
import type { Publisher } from './worker-publisher';
import { answerOffer, DISCONNECTED_GRACE_MS, newPeerConnection, post, settings } from './worker-peer';

export class Viewer {
  readonly pc = newPeerConnection();
  private closed = false;
  private disconnectTimer: NodeJS.Timeout | null = null;
  private readonly connectTimer: NodeJS.Timeout;

  constructor(
    readonly id: string,
    readonly publisher: Publisher,
    private readonly onClosed: () => void,
  ) {
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        if (this.disconnectTimer) clearTimeout(this.disconnectTimer);
        this.disconnectTimer = null;
        clearTimeout(this.connectTimer);
        post({ type: 'viewer', viewerId: this.id, state: 'connected' });
        publisher.requestKeyframe();
      } else if (state === 'disconnected') {
        this.disconnectTimer ??= setTimeout(() => this.close(), DISCONNECTED_GRACE_MS);
      } else if (state === 'failed' || state === 'closed') {
        this.close();
      }
    });
    this.connectTimer = setTimeout(() => {
      if (this.pc.connectionState !== 'connected') this.close();
    }, settings().connectTimeoutMs);
  }

  async answer(offer: string) {
    return answerOffer(this.pc, offer, async (transceivers) => {
      for (const t of transceivers) {
        const source = t.kind === 'video' ? this.publisher.videoOut : t.kind === 'audio' ? this.publisher.audioOut : null;
        if (!source) continue;
        t.setDirection('sendonly');
        await t.sender.replaceTrack(source);
        // a viewer's keyframe request goes to the publisher
        if (t.kind === 'video') t.sender.onPictureLossIndication.subscribe(() => this.publisher.requestKeyframe());
      }
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.connectTimer);
    if (this.disconnectTimer) clearTimeout(this.disconnectTimer);
    this.publisher.viewers.delete(this);
    this.onClosed();
    void this.pc.close().catch(() => undefined);
    post({ type: 'viewer', viewerId: this.id, state: 'closed' });
  }
}
