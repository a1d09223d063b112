import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  ADMIN_PASSWORD: z.string().min(8).default('cuepoint-admin'),
  SEED_DEMO_DATA: booleanFromEnv.default(true),
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
  // Payments (issue 12): `local` simulates Stripe's test mode offline; `stripe` uses the official SDK.
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  PAYMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
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
  /** When undefined, a secret is generated once and kept in DATA_DIR. */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  admin: { email: string; password: string };
  seedDemoData: boolean;
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
  payments: PaymentsConfig;
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
    jwtSecret: env.JWT_SECRET,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    admin: { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD },
    seedDemoData: env.SEED_DEMO_DATA,
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
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: parseApiBase(env.STRIPE_API_BASE),
      rateLimit: env.PAYMENT_RATE_LIMIT,
    },
  };
}
