/**
 * What the WHIP/WHEP routes read from an SDP offer before any peer connection exists (the codecs offered, whether it
 * is an offer at all), and what they change in an answer (the public address behind NAT). Plain text work: the
 * media engine (werift, in the worker) does the real negotiation.
 */

export interface OfferMedia {
  kind: string;
  /** Codec names of the m-line's rtpmap lines, lower case (h264, av1, opus, rtx, ...). */
  codecs: string[];
  /** The m-line is an H.264 with packetization-mode=1 (what we relay). */
  h264Mode1: boolean;
  direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
}

/** The media sections of an SDP, or null when the text is not an SDP session description with at least one m-line. */
export function readOffer(sdp: string): OfferMedia[] | null {
  if (!/^v=0\r?\n/.test(sdp)) return null;
  const sections = sdp.split(/\r?\n(?=m=)/).slice(1);
  if (sections.length === 0) return null;
  return sections.map((section) => {
    const lines = section.split(/\r?\n/);
    const kind = /^m=(\w+)/.exec(lines[0]!)?.[1] ?? '';
    const names = new Map<string, string>();
    for (const line of lines) {
      const m = /^a=rtpmap:(\d+) ([^/\s]+)/.exec(line);
      if (m) names.set(m[1]!, m[2]!.toLowerCase());
    }
    const h264Mode1 = lines.some((line) => {
      const m = /^a=fmtp:(\d+) (.*)$/.exec(line);
      return !!m && names.get(m[1]!) === 'h264' && /(?:^|;)\s*packetization-mode=1\b/.test(m[2]!);
    });
    const direction = (lines.map((line) => /^a=(sendrecv|sendonly|recvonly|inactive)$/.exec(line.trim())?.[1]).find(Boolean) ?? 'sendrecv') as OfferMedia['direction'];
    return { kind, codecs: [...names.values()], h264Mode1, direction };
  });
}

/**
 * A WHIP offer's verdict: `video` / `audio` tell what the publisher sends; `refusal` the codec text to answer
 * (H.264 packetization-mode 1 video, Opus audio; an AV1-only offer is refused rather than answered without video).
 */
export function checkPublishOffer(media: OfferMedia[]): { video: boolean; audio: boolean; refusal: 'video' | 'audio' | 'nothing' | null } {
  const sending = media.filter((m) => m.direction === 'sendonly' || m.direction === 'sendrecv');
  const video = sending.filter((m) => m.kind === 'video');
  const audio = sending.filter((m) => m.kind === 'audio');
  if (video.length === 0 && audio.length === 0) return { video: false, audio: false, refusal: 'nothing' };
  if (video.length > 0 && !video.some((m) => m.h264Mode1)) return { video: true, audio: audio.length > 0, refusal: 'video' };
  if (audio.length > 0 && !audio.some((m) => m.codecs.includes('opus'))) return { video: video.length > 0, audio: true, refusal: 'audio' };
  return { video: video.length > 0, audio: audio.length > 0, refusal: null };
}

/** A WHEP offer: receives video and/or audio. */
export function isPlaybackOffer(media: OfferMedia[]): boolean {
  return media.some((m) => (m.kind === 'video' || m.kind === 'audio') && (m.direction === 'recvonly' || m.direction === 'sendrecv'));
}

/** Whether an answer carries at least one ICE candidate (none: no UDP port could be bound). */
export function hasCandidates(sdp: string): boolean {
  return /\r?\na=candidate:/.test(sdp);
}

/**
 * LIVE_WEBRTC_PUBLIC_IP: each UDP host candidate is repeated with the public address (same port, a forwarded or
 * 1:1-NAT port), after the local one, so peers on the LAN and outside both reach us.
 */
export function announcePublicIp(sdp: string, publicIp: string | undefined): string {
  if (!publicIp) return sdp;
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  return sdp
    .split(eol)
    .flatMap((line) => {
      const m = /^a=candidate:(\S+) (\d+) udp (\d+) (\S+) (\d+) typ host(.*)$/i.exec(line);
      if (!m || m[4] === publicIp) return [line];
      const priority = Math.max(1, Number(m[3]) - 1);
      return [line, `a=candidate:${m[1]}p ${m[2]} udp ${priority} ${publicIp} ${m[5]} typ host${m[6]}`];
    })
    .join(eol);
}
