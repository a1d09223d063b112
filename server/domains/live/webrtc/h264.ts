/** What the media engine reads from H.264 RTP payloads (RFC 6184): keyframes and the SPS (picture size, codec string). */
import { parseAvcConfig } from '../ingest/flv';

export const NAL_IDR = 5;
export const NAL_SPS = 7;

/** The NAL units a payload starts or carries whole: a single NAL, each unit of a STAP-A, or the first fragment of an FU-A. */
export function nalUnits(payload: Buffer): Buffer[] {
  if (payload.length < 1) return [];
  const type = payload[0]! & 0x1f;
  if (type >= 1 && type <= 23) return [payload];
  if (type === 24) {
    // STAP-A: [header][size16][nal]...
    const units: Buffer[] = [];
    for (let at = 1; at + 2 <= payload.length; ) {
      const size = payload.readUInt16BE(at);
      at += 2;
      if (size === 0 || at + size > payload.length) break;
      units.push(payload.subarray(at, at + size));
      at += size;
    }
    return units;
  }
  if (type === 28 && payload.length > 2 && payload[1]! & 0x80) {
    // FU-A start: the NAL header is rebuilt from the indicator's F/NRI bits and the fragment header's type
    const header = (payload[0]! & 0xe0) | (payload[1]! & 0x1f);
    return [Buffer.concat([Buffer.from([header]), payload.subarray(2)])];
  }
  return [];
}

export interface SpsInfo {
  width: number;
  height: number;
  codecs: string;
}

/** The picture size and `avc1.PPCCLL` of an SPS NAL unit (through the AVC configuration record parser of the RTMP path). */
export function parseSps(sps: Buffer): SpsInfo | null {
  if (sps.length < 4 || (sps[0]! & 0x1f) !== NAL_SPS) return null;
  const record = Buffer.alloc(8 + sps.length);
  record[0] = 1;
  record[1] = sps[1]!;
  record[2] = sps[2]!;
  record[3] = sps[3]!;
  record[4] = 0xff;
  record[5] = 0xe1;
  record.writeUInt16BE(sps.length, 6);
  sps.copy(record, 8);
  const info = parseAvcConfig(record);
  return info ? { width: info.width, height: info.height, codecs: info.codecs } : null;
}
