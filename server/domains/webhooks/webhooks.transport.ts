import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookMessages } from './webhooks.schemas';

/** Loopback, private, link-local, shared, multicast and reserved ranges: never a webhook target in production. */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
    return privateRanges.check(address, 'ipv6');
  }
  return true;
}

export class WebhookTargetError extends Error {}

export interface TargetRules {
  /** Production: only https targets. */
  requireHttps: boolean;
  allowPrivate: boolean;
  /** Name resolution (node:dns lookup unless a test supplies its own). */
  resolve?: typeof dnsLookup;
}

/** What can be told from the URL alone (scheme, an address literal); the resolved address is checked when sending. */
export function targetProblem(rawUrl: string, rules: TargetRules): string | null {
  const url = new URL(rawUrl);
  if (rules.requireHttps && url.protocol !== 'https:') return webhookMessages.httpsRequired;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!rules.allowPrivate && (isIP(host) ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) {
    return webhookMessages.privateTarget;
  }
  return null;
}

/**
 * The address the request connects to: resolved now, refused when private (unless allowed), and handed to
 * the socket directly, so what was checked is what is used (no second lookup to rebind).
 */
function guardedLookup(allowPrivate: boolean, resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const usable = allowPrivate ? addresses : addresses.filter((entry) => !isPrivateAddress(entry.address));
      if (!usable.length) return callback(new WebhookTargetError(webhookMessages.privateTarget), '', 4);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * One POST, 10 s at most, redirects not followed (a 3xx is an answer like any non-2xx). Never throws: the
 * outcome is recorded as an attempt.
 */
export function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, rules: TargetRules, timeoutMs: number): Promise<SendResult> {
  const started = Date.now();
  const finish = (statusCode: number | null, error: string | null): SendResult => ({ statusCode, error, durationMs: Date.now() - started });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
      const problem = targetProblem(rawUrl, rules);
      if (problem) return resolve(finish(null, problem));
    } catch {
      return resolve(finish(null, webhookMessages.invalidUrl));
    }
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Cuepoint-Webhooks/1' },
        lookup: guardedLookup(rules.allowPrivate, rules.resolve ?? dnsLookup),
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (response) => {
        // The answer's body is not needed: read and drop it (bounded by the same timeout).
        response.resume();
        response.on('end', () => resolve(finish(response.statusCode ?? null, null)));
        response.on('error', () => resolve(finish(response.statusCode ?? null, null)));
      },
    );
    request.on('error', (error: Error & { code?: string }) => {
      if (error instanceof WebhookTargetError) return resolve(finish(null, error.message));
      if (error.name === 'AbortError' || error.name === 'TimeoutError') return resolve(finish(null, `No answer within ${Math.round(timeoutMs / 1000)} s`));
      resolve(finish(null, error.code ? `${error.code}: ${error.message}` : error.message));
    });
    request.end(body);
  });
}
