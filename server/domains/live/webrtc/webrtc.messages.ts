/** The texts WHIP and WHEP answers carry (a person reads the WHIP ones on the Go live page or in OBS's log). */
export const webrtcMessages = {
  off: 'Publishing from the browser is off on this server (LIVE_WEBRTC=off): use OBS over RTMP',
  notSdp: 'Send an SDP offer (Content-Type: application/sdp)',
  noMedia: 'The offer sends no audio or video',
  audioCodec: 'Use Opus audio',
  noUdpPort: 'No free UDP port for WebRTC on this server right now. Try again later',
  negotiationFailed: 'The WebRTC offer could not be answered',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  // WHEP (the player falls back to HLS on any of these)
  notLive: 'This event is not live',
  notHere: 'This stream is not relayed over WebRTC here: play it over HLS',
  notPlaybackSdp: 'Send an SDP offer that receives audio or video (Content-Type: application/sdp)',
  tooManyViewers: 'Too many low-latency viewers right now: play it over HLS',
  tokenRequired: 'This stream needs a valid playback token',
  notFound: 'Not found',
} as const;
