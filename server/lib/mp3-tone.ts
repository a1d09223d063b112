/**
 * Writes real MPEG-1 Layer III audio (mono, 48 kHz, 32 kbit/s CBR) holding a steady tone, without an encoder:
 * every granule carries one non-zero spectral line, Huffman-coded with table 1 (ISO/IEC 11172-3 §2.4.2.7).
 * Used by the seed (demo episodes) and the tests; browsers and music-metadata read it like any MP3.
 */

export const mp3ToneFormat = { sampleRate: 48_000, bitrate: 32_000, samplesPerFrame: 1152 } as const;

/** 144 * bitrate / sampleRate: 96 bytes per frame, no padding needed at these rates. */
const frameBytes = (144 * mp3ToneFormat.bitrate) / mp3ToneFormat.sampleRate;
const frameSeconds = mp3ToneFormat.samplesPerFrame / mp3ToneFormat.sampleRate;

class BitWriter {
  private readonly bytes: Uint8Array;
  private bit = 0;
  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }
  write(value: number, width: number): void {
    for (let index = width - 1; index >= 0; index -= 1) {
      if ((value >>> index) & 1) this.bytes[this.bit >>> 3]! |= 0x80 >>> (this.bit & 7);
      this.bit += 1;
    }
  }
  get position(): number {
    return this.bit;
  }
  toBuffer(): Buffer {
    return Buffer.from(this.bytes);
  }
}

/** Frequency line (0..575) whose centre is nearest the wanted pitch: (k + 0.5) * sampleRate / 1152. */
function spectralLine(frequencyHz: number): number {
  const line = Math.round(frequencyHz / (mp3ToneFormat.sampleRate / 1152) - 0.5);
  return Math.min(Math.max(line, 0), 400);
}

/** Huffman bits of one granule: zero pairs up to the tone's pair, then (1,0) or (0,1) with its sign. */
function granuleMainData(line: number, negative: boolean): { bits: Array<[number, number]>; length: number; bigValues: number } {
  const bits: Array<[number, number]> = [];
  const pairIndex = line >>> 1;
  for (let pair = 0; pair < pairIndex; pair += 1) bits.push([0b1, 1]); // (0,0) in table 1
  bits.push(line % 2 === 0 ? [0b01, 2] : [0b001, 3]); // (1,0) or (0,1)
  bits.push([negative ? 1 : 0, 1]);
  return { bits, length: bits.reduce((sum, [, width]) => sum + width, 0), bigValues: pairIndex + 1 };
}

function frame(line: number, globalGain: number, frameIndex: number): Buffer {
  const writer = new BitWriter(frameBytes);
  // Header: sync, MPEG-1, Layer III, no CRC, 32 kbit/s (index 1), 48 kHz (index 1), no padding, mono.
  writer.write(0x7ff, 11);
  writer.write(0b11, 2);
  writer.write(0b01, 2);
  writer.write(1, 1);
  writer.write(1, 4);
  writer.write(1, 2);
  writer.write(0, 1);
  writer.write(0, 1);
  writer.write(0b11, 2);
  writer.write(0, 2);
  writer.write(0, 1);
  writer.write(1, 1);
  writer.write(0, 2);

  // Alternate the sign every two granules so the overlapped transforms add up to a steady sine.
  const granules = [0, 1].map((granule) => granuleMainData(line, ((frameIndex * 2 + granule) >> 1) % 2 === 1));
  // Side information (mono): main_data_begin 0 (no bit reservoir), private bits, scfsi.
  writer.write(0, 9);
  writer.write(0, 5);
  writer.write(0, 4);
  for (const granule of granules) {
    writer.write(granule.length, 12); // part2_3_length (no scale factors: scalefac_compress 0)
    writer.write(granule.bigValues, 9);
    writer.write(globalGain, 8);
    writer.write(0, 4); // scalefac_compress
    writer.write(0, 1); // window_switching_flag: long blocks
    for (let region = 0; region < 3; region += 1) writer.write(1, 5); // table_select: table 1 everywhere
    writer.write(15, 4); // region0_count
    writer.write(7, 3); // region1_count
    writer.write(0, 1); // preflag
    writer.write(0, 1); // scalefac_scale
    writer.write(0, 1); // count1table_select
  }
  for (const granule of granules) for (const [value, width] of granule.bits) writer.write(value, width);
  if (writer.position > frameBytes * 8) throw new Error('The tone does not fit in one frame');
  return writer.toBuffer();
}

export interface ToneOptions {
  seconds: number;
  frequencyHz?: number;
  /** 0..1 of full scale. */
  volume?: number;
}

/** The number of frames a tone of this length takes (it is rounded up to whole frames). */
export function mp3ToneFrames(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / frameSeconds - 1e-9));
}

/** A playable MP3 of a sine tone; its exact length is `mp3ToneFrames(seconds) * 0.024` seconds. */
export function makeMp3Tone({ seconds, frequencyHz = 440, volume = 0.2 }: ToneOptions): Buffer {
  const line = spectralLine(frequencyHz);
  // Dequantised amplitude is 2^((global_gain - 210) / 4) for a quantised value of 1.
  const globalGain = Math.min(255, Math.max(0, Math.round(210 + 4 * Math.log2(Math.max(volume, 1e-4)))));
  const count = mp3ToneFrames(seconds);
  return Buffer.concat(Array.from({ length: count }, (_, index) => frame(line, globalGain, index)));
}
