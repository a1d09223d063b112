/** Resolves once ICE gathering is complete (WHIP and WHEP without trickle: the offer carries every candidate), or after `timeoutMs`. */
export function iceGatheringComplete(pc: RTCPeerConnection, timeoutMs = 5_000): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = window.setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', check);
  });
}
