import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Fastify's `trustProxy`: off, every hop, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0' || lower === 'off' || lower === 'no') return false;
    if (lower === 'true') return true;
    if (/^\d+$/.test(lower)) return Number(lower);
    const addresses = value.split(',').map((part) => part.trim()).filter(Boolean);
    const invalid = addresses.find((address) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(address));
    if (invalid) {
      context.addIssue({ code: 'custom', message: `TRUST_PROXY must be true, a hop count or a comma list of addresses/CIDRs (not "${invalid}")` });
      return z.NEVER;
    }
    return addresses;
  });

/**
 * The value for Fastify's `trustProxy`. A hop count becomes "trust the nearest N hops" (Express semantics;
 * this Fastify version ignores plain numbers), so only list addresses when you can.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export const minimumProductionAdminPassword = 12;
export const developmentAdminPassword = 'cuepoint-admin';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  ADMIN_EMAIL: z.string().email().default('admin@cuepoint.local'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED_DEMO_DATA: booleanFromEnv.default(true),
  SEED_DEMO_ACCOUNTS: booleanFromEnv.optional(),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  BOT_CHECK_PROVIDER: z.enum(['pow', 'recaptcha', 'off']).default('pow'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  APPLE_ISSUER: z.string().url().default('https://appleid.apple.com'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cuepoint <no-reply@cuepoint.local>'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // Web push (server/domains/push): VAPID keys (both or neither; generated into DATA_DIR when unset) and delivery.
  VAPID_PUBLIC_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)').optional(),
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
  // Payments (issue 12): `local` simulates Stripe's test mode offline; `stripe` uses the official SDK.
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  PAYMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.optional(),
  // Live streaming (server/domains/live): RTMP ingest, ffmpeg remux to HLS, recordings.
  LIVE_INGEST: z.enum(['on', 'off']).default('on'),
  RTMP_HOST: z.string().trim().min(1).optional(),
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(1000).default(10),
  LIVE_TRANSCODE: z.enum(['off', '480p']).default('off'),
  RECORDINGS_MAX_GB: z.coerce.number().positive().default(20),
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  // WebRTC (issue 35): WHIP ingest and WHEP playback, media over these UDP ports.
  LIVE_WEBRTC: z.enum(['on', 'off']).default('on'),
  LIVE_WEBRTC_UDP_PORTS: z
    .string()
    .trim()
    .default('40000-40100')
    .transform((value, ctx) => {
      const m = /^(\d{1,5})-(\d{1,5})$/.exec(value);
      const [min, max] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
      if (!m || min < 1024 || max > 65535 || min >= max) {
        ctx.addIssue({ code: 'custom', message: `LIVE_WEBRTC_UDP_PORTS must be a range like 40000-40100 (first < last, within 1024-65535), got "${value}"` });
        return z.NEVER;
      }
      return [min, max] as [number, number];
    }),
  LIVE_WEBRTC_PUBLIC_IP: z.union([z.ipv4(), z.ipv6()], { error: 'LIVE_WEBRTC_PUBLIC_IP must be an IPv4 or IPv6 address' }).optional(),
  LIVE_WEBRTC_MAX_VIEWERS: z.coerce.number().int().min(1).max(1000).default(20),
  // Growing past one machine: each engine is used only when configured (README "Growing past one machine").
  DATABASE_URL: z.string().trim().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  REDIS_URL: z.string().trim().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL').optional(),
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('cuepoint:'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().trim().min(3).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  MEDIA_PUBLIC_URL: z.string().url().optional(),
  // Audience analytics (issue 33): count downloads and replay plays on the media routes (off: the benchmark's baseline).
  ANALYTICS_COUNTING: z.enum(['on', 'off']).default('on'),
  // The Fediverse (server/domains/federation): on by default once PUBLIC_URL is set; private fetch targets for tests only.
  FEDERATION: z.enum(['on', 'off']).optional(),
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv.optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  /** Absolute origin the app is reached at, used in links we send out (reset mails, OIDC redirects). */
  publicUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Passed to Fastify's `trustProxy`: whose X-Forwarded-* headers decide the client address. Off by default. */
  trustProxy: TrustProxy;
  /** Count podcast downloads and replay plays where the media is served (ANALYTICS_COUNTING, on by default). */
  analyticsCounting: boolean;
  /** ActivityPub actors, WebFinger, NodeInfo and the inboxes (FEDERATION; on by default when PUBLIC_URL is set, never without it). */
  federation: { enabled: boolean; allowPrivateAddresses: boolean };
  /** When undefined, a secret is generated once and kept in DATA_DIR. */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  admin: { email: string; password: string };
  seedDemoData: boolean;
  /** Seed the demo creator and viewer logins (default: yes, except in production). */
  seedDemoAccounts: boolean;
  botCheck: {
    provider: Env['BOT_CHECK_PROVIDER'];
    recaptchaSiteKey: string | undefined;
    recaptchaSecret: string | undefined;
    recaptchaVerifyUrl: string;
  };
  google: { clientId: string | undefined; issuer: string; jwksUrl: string };
  apple: { clientId: string | undefined; clientSecret: string | undefined; issuer: string };
  mail: { smtpUrl: string | undefined; from: string };
  rateLimits: { login: number; register: number; windowSeconds: number };
  /** The process-wide ceiling on concurrent scrypt hashes (see server/platform/passwords.ts). */
  passwordHashing: { maxConcurrent: number; maxWaitMs: number };
  /** Web push: configured VAPID keys (else generated into DATA_DIR), the VAPID subject, sends in flight at most. */
  push: { vapidPublicKey: string | undefined; vapidPrivateKey: string | undefined; subject: string; concurrency: number };
  payments: PaymentsConfig;
  /** Outgoing webhooks may target private, loopback and link-local addresses (default: only outside production). */
  webhookAllowPrivate: boolean;
  live: LiveConfig;
  /** PostgreSQL instead of the SQLite file in DATA_DIR. */
  databaseUrl: string | undefined;
  /** Redis for the bus, shared rate limits and session invalidation across instances; in-process without it. */
  redis: RedisConfig | undefined;
  /** Where uploads, episodes, HLS segments and recordings live. */
  storage: StorageConfig;
}

export interface RedisConfig {
  url: string;
  /** Every key and channel starts with it, so several installs (or test files) can share one Redis. */
  keyPrefix: string;
}

export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      /** Unset means AWS itself. */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      /** Unset means the SDK's own credential chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** A CDN or public bucket URL in front of the bucket: public media redirects there. */
      mediaPublicUrl: string | undefined;
    };

/** Live streaming: where OBS publishes (RTMP), how many streams at once, the recordings' disk budget. */
export interface LiveConfig {
  /** LIVE_INGEST=off turns the RTMP listener off (the app still runs; the Go live page says why). */
  ingest: boolean;
  /** Interface the RTMP listener binds (default HOST). */
  rtmpHost: string;
  /** 0 picks a free port (tests). */
  rtmpPort: number;
  maxStreams: number;
  /** A second 480p rendition (libx264) beside the copied source. */
  transcode480p: boolean;
  recordingsMaxBytes: number;
  recordingsMaxGb: number;
  ffmpegPath: string;
  /** WHIP ingest and WHEP playback (LIVE_WEBRTC*). */
  webrtc: WebRtcConfig;
}

export interface WebRtcConfig {
  /** LIVE_WEBRTC=off: WHIP and WHEP answer 503 (RTMP and HLS go on). */
  enabled: boolean;
  /** The UDP ports the peer connections bind (one each), first and last. */
  udpPorts: [number, number];
  /** Announced in candidates beside the local addresses (behind NAT). */
  publicIp: string | undefined;
  /** WHEP viewers per stream; past it the player uses HLS. */
  maxViewers: number;
}

export interface PaymentsConfig {
  provider: Env['PAYMENT_PROVIDER'];
  stripeSecretKey: string | undefined;
  /** Shown to the browser; Stripe Elements is used only when this is set. */
  stripePublishableKey: string | undefined;
  /** Verifies `POST /api/payment/webhook`; for `local`, a secret is generated into DATA_DIR when unset. */
  stripeWebhookSecret: string | undefined;
  /** Where the SDK sends its requests (protocol, host, port), e.g. a local fake; unset means Stripe itself. */
  stripeApiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
  /** Payment creations per window, per account and per client address. */
  rateLimit: number;
}

function parseApiBase(value: string | undefined): PaymentsConfig['stripeApiBase'] {
  if (!value) return undefined;
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443 };
}

/** The one place that reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const production = env.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(env);
    if (problems.length) throw new Error(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.MEDIA_PUBLIC_URL)) {
    throw new Error('Invalid environment:\n  S3_BUCKET is required when S3_ENDPOINT, S3_ACCESS_KEY_ID or MEDIA_PUBLIC_URL is set');
  }
  if ((env.DATABASE_URL || env.REDIS_URL) && !env.JWT_SECRET) {
    throw new Error('Invalid environment:\n  JWT_SECRET is required when instances share DATABASE_URL or REDIS_URL (each would make up its own)');
  }
  if (production && env.FEDERATION_ALLOW_PRIVATE_ADDRESSES) {
    throw new Error('Refusing to start in production:\n  FEDERATION_ALLOW_PRIVATE_ADDRESSES=true is for tests only');
  }
  if (env.FEDERATION === 'on' && !env.PUBLIC_URL) {
    throw new Error('Invalid environment:\n  FEDERATION=on needs PUBLIC_URL (actor ids and signatures are built from it)');
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid environment:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    analyticsCounting: env.ANALYTICS_COUNTING === 'on',
    federation: { enabled: Boolean(env.PUBLIC_URL) && (env.FEDERATION ?? 'on') === 'on', allowPrivateAddresses: env.FEDERATION_ALLOW_PRIVATE_ADDRESSES ?? false },
    jwtSecret: env.JWT_SECRET,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    admin: { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD ?? developmentAdminPassword },
    seedDemoData: env.SEED_DEMO_DATA,
    seedDemoAccounts: env.SEED_DEMO_ACCOUNTS ?? !production,
    botCheck: {
      provider: env.BOT_CHECK_PROVIDER,
      recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
      recaptchaSecret: env.RECAPTCHA_SECRET,
      recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL,
    },
    google: { clientId: env.GOOGLE_CLIENT_ID, issuer: env.GOOGLE_ISSUER, jwksUrl: env.GOOGLE_JWKS_URL },
    apple: { clientId: env.APPLE_CLIENT_ID, clientSecret: env.APPLE_CLIENT_SECRET, issuer: env.APPLE_ISSUER },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    rateLimits: { login: env.LOGIN_RATE_LIMIT, register: env.REGISTER_RATE_LIMIT, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    passwordHashing: { maxConcurrent: env.PASSWORD_HASH_CONCURRENCY, maxWaitMs: env.PASSWORD_HASH_MAX_WAIT_MS },
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      subject: vapidSubject(env),
      concurrency: env.PUSH_CONCURRENCY,
    },
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: parseApiBase(env.STRIPE_API_BASE),
      rateLimit: env.PAYMENT_RATE_LIMIT,
    },
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE ?? !production,
    live: {
      ingest: env.LIVE_INGEST === 'on',
      rtmpHost: env.RTMP_HOST ?? env.HOST,
      rtmpPort: env.RTMP_PORT,
      maxStreams: env.LIVE_MAX_STREAMS,
      transcode480p: env.LIVE_TRANSCODE === '480p',
      recordingsMaxBytes: Math.floor(env.RECORDINGS_MAX_GB * 1024 ** 3),
      recordingsMaxGb: env.RECORDINGS_MAX_GB,
      ffmpegPath: env.FFMPEG_PATH,
      webrtc: {
        enabled: env.LIVE_WEBRTC === 'on',
        udpPorts: env.LIVE_WEBRTC_UDP_PORTS,
        publicIp: env.LIVE_WEBRTC_PUBLIC_IP,
        maxViewers: env.LIVE_WEBRTC_MAX_VIEWERS,
      },
    },
    databaseUrl: env.DATABASE_URL,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          mediaPublicUrl: env.MEDIA_PUBLIC_URL?.replace(/\/$/, ''),
        }
      : { kind: 'disk' },
  };
}

/** Push services contact the sender through the VAPID subject: the site's address, else the mail sender. */
function vapidSubject(env: Env): string {
  if (env.PUBLIC_URL?.startsWith('https://')) return env.PUBLIC_URL.replace(/\/$/, '');
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  return `mailto:${address}`;
}

/** File the generated JWT secret is kept in (see server/platform/secrets.ts). */
export function secretFilePath(dataDir: string): string {
  return join(dataDir, 'secret.key');
}

/** Production never runs on the documented development credentials or on a secret made up on the spot. */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!env.ADMIN_PASSWORD) {
    problems.push(`ADMIN_PASSWORD is required (at least ${minimumProductionAdminPassword} characters)`);
  } else if (env.ADMIN_PASSWORD.length < minimumProductionAdminPassword || env.ADMIN_PASSWORD === developmentAdminPassword) {
    problems.push(`ADMIN_PASSWORD must be at least ${minimumProductionAdminPassword} characters and not the development default`);
  }
  if (!env.JWT_SECRET && !existsSync(secretFilePath(env.DATA_DIR))) {
    problems.push(`JWT_SECRET is required (at least 32 characters) unless ${secretFilePath(env.DATA_DIR)} already exists`);
  }
  return problems;
}
