import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { useEngine } from './engine';

/**
 * A private S3-compatible server for one test file: s3rver on a free loopback port, its objects under a temp dir,
 * one bucket made at start. The app talks to it with the real AWS SDK (path-style, s3rver's fixed credentials).
 */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The environment that points the app at this bucket (add MEDIA_PUBLIC_URL for a CDN). */
  env: Record<string, string>;
  /** A client of our own, to look into the bucket. */
  client: S3Client;
  /** Every key in the bucket under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  /** The requests the server received (method and URL), oldest first: to see how the SDK talked to it. */
  requests: Array<{ method: string; url: string }>;
  stop(): Promise<void>;
}

/** s3rver accepts requests signed with these. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let bucketCounter = 0;

export async function startS3(): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-s3-'));
  const bucket = `cuepoint-test-${process.pid}-${++bucketCounter}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  // eslint-disable-next-line no-restricted-syntax -- s3rver's run(), not a database query
  const { port } = await server.run();
  const requests: S3Server['requests'] = [];
  server.httpServer.on('request', (request: IncomingMessage) => requests.push({ method: request.method ?? '', url: request.url ?? '' }));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', credentials, forcePathStyle: true });
  let stopped = false;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    requests,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      server.httpServer.closeAllConnections();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One S3 server for the calling test file: started before its tests, stopped after them. Read `.current` inside hooks and tests. */
export function useS3(): { readonly current: S3Server } {
  return useEngine('The S3 server', startS3, (server) => server.stop(), 30_000);
}
