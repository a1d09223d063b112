import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';

export const profilePhotoMessage =
  'Please upload a square image file in jpg, jpeg, and png between 50x50px and 200x200px';

/** A file whose bytes are not a type this upload takes (415); the photo uploads keep the spec's photo message. */
export const fileTypeNotAllowedMessage = 'This file type is not allowed here';

/** The podcast files' own wording (their forms show it beside the picker). */
export const mediaMessages = {
  type: 'Unsupported media type: please upload an MP3, M4A/AAC, MP4 or WebM file',
  size: 'The media file is larger than 2 GB',
  unreadable: 'This media file could not be read: please upload a complete MP3, M4A/AAC, MP4 or WebM file',
  imageSize: 'The image is larger than 2 MB',
  transcript: 'Unsupported transcript: please upload a WebVTT (.vtt) or SubRip (.srt) file of at most 5 MB',
  chapters: 'Unsupported chapters file: please upload Podcasting 2.0 JSON chapters of at most 1 MB',
} as const;

export interface SniffedType {
  ext: string;
  mime: string;
}

/** Why a stored file is refused: 400 (its content breaks the kind's rule) or 415 (it is not really of the type). */
export interface UploadRefusal {
  code: 'BAD_REQUEST' | 'UNSUPPORTED_MEDIA_TYPE';
  message: string;
}

/** What an uploaded file may be. The reader checks the type on the first bytes and the size while the file flows. */
export interface UploadKind {
  maxBytes: number;
  /** Names the type the first bytes show, or null when this kind does not take them (415). */
  sniff(head: Buffer): Promise<SniffedType | null>;
  /** The 415 answer to bytes of another type (default "This file type is not allowed here"). */
  typeMessage?: string;
  /** The answer to a file over maxBytes. */
  tooLarge: { code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE'; message: string };
  /**
   * Checks the whole file (dimensions, a full parse) before it is stored: null when it is fine. The file is held in
   * memory for it, so only small kinds (a few MB at most) have one.
   */
  validate?(file: Buffer): Promise<UploadRefusal | null>;
  /** Every refusal of this kind answers 400 with this message (a rule the spec words as one sentence). */
  ruleMessage?: string;
}

const megabyte = 1024 * 1024;
/** file-type decides from at most this many leading bytes. */
export const sniffBytes = 4100;

/** A kind's sniff for the types file-type recognises by their magic bytes. */
export function sniffAmong(accepted: readonly string[]): UploadKind['sniff'] {
  return async (head) => {
    const type = await fileTypeFromBuffer(head);
    return type && accepted.includes(type.mime) ? { ext: type.ext, mime: type.mime } : null;
  };
}

function utf8Text(head: Buffer): string | null {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  // A truncated multi-byte character at the end of the head is fine; anything else undecodable is not text.
  return /\uFFFD/.test(text.slice(0, -3)) || text.includes('\0') ? null : text;
}

/** Podcasting 2.0 transcript formats we accept, told apart by their first bytes. */
async function sniffTranscript(head: Buffer): Promise<SniffedType | null> {
  const text = utf8Text(head);
  if (text === null) return null;
  if (/^WEBVTT(\s|$)/.test(text)) return { ext: 'vtt', mime: 'text/vtt' };
  if (/^\s*\d+\s*\r?\n\d{2}:\d{2}:\d{2}[,.]\d{3} --> /.test(text)) return { ext: 'srt', mime: 'application/x-subrip' };
  return null;
}

/** Chapters: the Podcasting 2.0 JSON chapters format (checked fully once stored). */
async function sniffChapters(head: Buffer): Promise<SniffedType | null> {
  const text = utf8Text(head);
  return text !== null && /^\s*\{/.test(text) ? { ext: 'json', mime: 'application/json+chapters' } : null;
}

/** Width and height from the image header, or null when it cannot be read. */
function dimensions(file: Buffer): { width: number; height: number } | null {
  try {
    return imageSize(file);
  } catch {
    return null;
  }
}

function isChaptersJson(file: Buffer): boolean {
  try {
    const data = JSON.parse(file.toString('utf8')) as { chapters?: unknown };
    return Array.isArray(data.chapters) && data.chapters.every((chapter) => typeof chapter === 'object' && chapter !== null && typeof (chapter as { startTime?: unknown }).startTime === 'number');
  } catch {
    return false;
  }
}

/** MP3, M4A/AAC, MP4 and WebM, by magic bytes (ID3 or an MPEG frame sync, ADTS, an ISO `ftyp` box, an EBML header). */
export const mediaMimeTypes = ['audio/mpeg', 'audio/aac', 'audio/mp4', 'audio/x-m4a', 'video/mp4', 'audio/webm', 'video/webm'] as const;

/** The one table of what the upload routes take. A domain with a rule of its own passes its own kind (podcast covers). */
export const uploadKinds = {
  /** platform.md §5 "Profile photo": avatars, viewer profiles, chat photos. */
  'profile-photo': {
    maxBytes: 2 * megabyte,
    sniff: sniffAmong(['image/jpeg', 'image/png']),
    tooLarge: { code: 'BAD_REQUEST', message: profilePhotoMessage },
    ruleMessage: profilePhotoMessage,
    async validate(file) {
      const size = dimensions(file);
      const fits = !!size && size.width === size.height && size.width >= 50 && size.width <= 200;
      return fits ? null : { code: 'BAD_REQUEST', message: profilePhotoMessage };
    },
  },
  image: {
    maxBytes: 2 * megabyte,
    sniff: sniffAmong(['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
    tooLarge: { code: 'BAD_REQUEST', message: 'Please upload a jpg, png, webp or gif image of at most 2 MB' },
  },
  pdf: {
    maxBytes: 20 * megabyte,
    sniff: sniffAmong(['application/pdf']),
    tooLarge: { code: 'BAD_REQUEST', message: 'Please upload a PDF file of at most 20 MB' },
  },
  media: {
    maxBytes: 2048 * megabyte,
    sniff: sniffAmong(mediaMimeTypes),
    typeMessage: mediaMessages.type,
    tooLarge: { code: 'PAYLOAD_TOO_LARGE', message: mediaMessages.size },
  },
  transcript: {
    maxBytes: 5 * megabyte,
    sniff: sniffTranscript,
    typeMessage: mediaMessages.transcript,
    tooLarge: { code: 'PAYLOAD_TOO_LARGE', message: mediaMessages.transcript },
  },
  chapters: {
    maxBytes: megabyte,
    sniff: sniffChapters,
    typeMessage: mediaMessages.chapters,
    tooLarge: { code: 'PAYLOAD_TOO_LARGE', message: mediaMessages.chapters },
    validate: async (file) => (isChaptersJson(file) ? null : { code: 'UNSUPPORTED_MEDIA_TYPE', message: mediaMessages.chapters }),
  },
} satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof uploadKinds;

export function kindOf(kind: UploadKindName | UploadKind): UploadKind {
  return typeof kind === 'string' ? uploadKinds[kind] : kind;
}
