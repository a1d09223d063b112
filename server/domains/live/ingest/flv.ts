/**
 * FLV helpers: the file header and tag framing written to ffmpeg's stdin, codec ids of audio/video tags,
 * and the picture size from an H.264 sequence header (AVCDecoderConfigurationRecord → SPS).
 */

export const FLV_TAG_AUDIO = 8;
export const FLV_TAG_VIDEO = 9;
export const FLV_TAG_SCRIPT = 18;

export const FLV_VIDEO_H264 = 7;
export const FLV_AUDIO_MP3 = 2;
export const FLV_AUDIO_AAC = 10;

export function flvHeader(hasAudio: boolean, hasVideo: boolean): Buffer {
  const b = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0, 0, 0, 0, 9, 0, 0, 0, 0]);
  b[4] = (hasAudio ? 4 : 0) | (hasVideo ? 1 : 0);
  return b;
}

/** Writes the 11-byte tag header into `out` at 0 and the 4-byte PreviousTagSize at 11. */
export function fillTagFraming(out: Buffer, type: number, size: number, timestamp: number): void {
  out[0] = type;
  out[1] = (size >>> 16) & 0xff;
  out[2] = (size >>> 8) & 0xff;
  out[3] = size & 0xff;
  out[4] = (timestamp >>> 16) & 0xff;
  out[5] = (timestamp >>> 8) & 0xff;
  out[6] = timestamp & 0xff;
  out[7] = (timestamp >>> 24) & 0xff;
  out[8] = 0;
  out[9] = 0;
  out[10] = 0;
  out.writeUInt32BE(size + 11, 11);
}

export function videoCodecName(id: number): string {
  switch (id) {
    case 7:
      return 'h264';
    case 2:
      return 'flv1';
    case 3:
      return 'screenvideo';
    case 4:
      return 'vp6';
    case 5:
      return 'vp6a';
    case 6:
      return 'screenvideo2';
    case 12:
      return 'hevc';
    default:
      return `flv-video-${id}`;
  }
}

export function audioCodecName(id: number): string {
  switch (id) {
    case 10:
      return 'aac';
    case 2:
    case 14:
      return 'mp3';
    case 11:
      return 'speex';
    case 6:
    case 5:
    case 4:
      return 'nellymoser';
    case 0:
    case 3:
      return 'pcm';
    case 7:
      return 'pcm_alaw';
    case 8:
      return 'pcm_mulaw';
    default:
      return `flv-audio-${id}`;
  }
}

/** Codec id from onMetaData's videocodecid/audiocodecid: a number, or a FourCC string some encoders send. */
export function metadataCodecId(value: unknown, kind: 'video' | 'audio'): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (kind === 'video') return v === 'avc1' || v === 'h264' ? FLV_VIDEO_H264 : -1;
  if (v === 'mp4a' || v === 'aac') return FLV_AUDIO_AAC;
  if (v === '.mp3' || v === 'mp3') return FLV_AUDIO_MP3;
  return -1;
}

class BitReader {
  private pos = 0;
  constructor(private readonly data: Uint8Array) {}
  bit(): number {
    const byte = this.data[this.pos >>> 3];
    if (byte === undefined) throw new Error('SPS ends early');
    const v = (byte >>> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return v;
  }
  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + this.bit();
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      if (++zeros > 31) throw new Error('bad exp-Golomb code');
    }
    return zeros === 0 ? 0 : 2 ** zeros - 1 + this.bits(zeros);
  }
  se(): number {
    const k = this.ue();
    return k & 1 ? (k + 1) / 2 : -(k / 2);
  }
}

function unescapeRbsp(nal: Buffer): Uint8Array {
  const out = new Uint8Array(nal.length);
  let n = 0;
  let zeros = 0;
  for (const b of nal) {
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out[n++] = b;
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, n);
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

export interface AvcInfo {
  width: number;
  height: number;
  /** RFC 6381 codec string, e.g. avc1.42c01e */
  codecs: string;
}

/** Parses an AVCDecoderConfigurationRecord (the payload of an AVC sequence header after its 5-byte prefix). */
export function parseAvcConfig(record: Buffer): AvcInfo | null {
  try {
    if (record.length < 8 || record[0] !== 1) return null;
    const spsCount = record[5]! & 0x1f;
    if (spsCount < 1) return null;
    const spsLen = record.readUInt16BE(6);
    const sps = record.subarray(8, 8 + spsLen);
    if (sps.length < 4 || sps.length !== spsLen) return null;
    const codecs = `avc1.${sps.subarray(1, 4).toString('hex')}`;
    const r = new BitReader(unescapeRbsp(sps.subarray(1)));
    const profile = r.bits(8);
    r.bits(16); // constraint flags + level
    r.ue(); // seq_parameter_set_id
    let chroma = 1;
    let separatePlanes = 0;
    if (HIGH_PROFILES.has(profile)) {
      chroma = r.ue();
      if (chroma === 3) separatePlanes = r.bit();
      r.ue();
      r.ue();
      r.bit();
      if (r.bit()) {
        for (let i = 0; i < (chroma !== 3 ? 8 : 12); i++) {
          if (!r.bit()) continue;
          const size = i < 6 ? 16 : 64;
          let last = 8;
          let next = 8;
          for (let j = 0; j < size; j++) {
            if (next !== 0) next = (last + r.se() + 256) % 256;
            last = next === 0 ? last : next;
          }
        }
      }
    }
    r.ue(); // log2_max_frame_num_minus4
    const pocType = r.ue();
    if (pocType === 0) r.ue();
    else if (pocType === 1) {
      r.bit();
      r.se();
      r.se();
      const n = r.ue();
      for (let i = 0; i < n; i++) r.se();
    }
    r.ue(); // max_num_ref_frames
    r.bit();
    const widthMbs = r.ue() + 1;
    const heightUnits = r.ue() + 1;
    const frameMbsOnly = r.bit();
    if (!frameMbsOnly) r.bit();
    r.bit();
    let cropL = 0;
    let cropR = 0;
    let cropT = 0;
    let cropB = 0;
    if (r.bit()) {
      cropL = r.ue();
      cropR = r.ue();
      cropT = r.ue();
      cropB = r.ue();
    }
    const arrayType = separatePlanes ? 0 : chroma;
    const subW = arrayType === 1 || arrayType === 2 ? 2 : 1;
    const subH = arrayType === 1 ? 2 : 1;
    const cropUnitX = arrayType === 0 ? 1 : subW;
    const cropUnitY = (arrayType === 0 ? 1 : subH) * (2 - frameMbsOnly);
    const width = widthMbs * 16 - cropUnitX * (cropL + cropR);
    const height = (2 - frameMbsOnly) * heightUnits * 16 - cropUnitY * (cropT + cropB);
    if (width <= 0 || height <= 0) return null;
    return { width, height, codecs };
  } catch {
    return null;
  }
}

/** RFC 6381 codec string for an AAC AudioSpecificConfig (mp4a.40.<object type>). */
export function aacCodecs(config: Buffer): string {
  const aot = config.length > 0 ? config[0]! >>> 3 : 2;
  return `mp4a.40.${aot > 0 && aot < 31 ? aot : 2}`;
}
