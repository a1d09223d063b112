/**
 * The types of what we store and serve, by extension (the names the upload kinds, ffmpeg and the icon renderer give):
 * the same answer from our routes and, for objects in a bucket, from the CDN in front of it.
 */
const contentTypes: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/x-aac',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip',
  json: 'application/json; charset=utf-8',
  ts: 'video/mp2t',
  m3u8: 'application/vnd.apple.mpegurl',
};

export function contentTypeOf(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (extension && contentTypes[extension]) ?? 'application/octet-stream';
}
