import { describe, expect, it } from 'vitest';
import { measureUpload, megabyte, useUploadServer } from '../helpers/upload-memory';

describe('a 100 MB upload', () => {
  const server = useUploadServer();

  it('streams to disk: the server process grows by less than 50 MB', async () => {
    const { answer, growthBytes } = await measureUpload(server.current, 100 * megabyte);
    expect(answer.status, answer.body).toBe(201);
    const episode = JSON.parse(answer.body) as { sizeBytes: number; duration: number };
    expect(episode.sizeBytes).toBeGreaterThan(99 * megabyte);
    // 32 kbit/s: 100 MB of frames is about 7.3 hours.
    expect(episode.duration).toBeGreaterThan(7 * 3600);
    expect(growthBytes, `grew ${(growthBytes / megabyte).toFixed(1)} MB`).toBeLessThan(50 * megabyte);
  }, 120_000);
});
