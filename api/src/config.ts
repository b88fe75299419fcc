import { randomBytes } from "node:crypto";
import { campaignSendConfigFrom, type CampaignSendConfig } from "./campaignSendConfig.ts";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { inboundMailConfigFrom, type InboundMailConfig } from "./inboundMailConfig.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface SmtpConfig {
  url: string;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  /** Public address used in emailed links. */
  publicUrl: string;
  databaseUrl: string | null;
  sqliteFile: string;
  varDir: string;
  outboxDir: string;
  webDistDir: string;
  secret: string;
  smtp: SmtpConfig | null;
  mailFrom: string;
  /** Campaign sending: pace, retries, return paths, DKIM. */
  campaignSend: CampaignSendConfig;
  /** Bounces, delivery reports and complaints coming back: the SMTP endpoint, the provider's webhook. */
  inboundMail: InboundMailConfig;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /**
   * How many reverse proxies stand in front (TRUST_PROXY; 0: none). The client's address is the one the
   * outermost of them saw: the entry that many places from the end of X-Forwarded-For, never one the
   * client wrote itself.
   */
  proxyHops: number;
  logLevel: string;
  /** One log line per request (LOG_REQUESTS=0 turns them off; answers of 500 and more are logged anyway). */
  logRequests: boolean;
  bodyLimitBytes: number;
  /** Largest PDF accepted (spec §5: a parameter), a form's terms (PDF_MAX_BYTES). */
  pdfMaxBytes: number;
  /** Brute-force limits of sign-in, password-reset requests and emailed sign-in codes. */
  throttle: ThrottleConfig;
  /** Downloads of images from a URL given by a user (spec §5). */
  imageFetch: ImageFetchConfig;
  /** Guest CSV imports: largest file (IMPORT_MAX_BYTES) and most data rows (IMPORT_MAX_ROWS). */
  /** maxRunning: imports of one account processing at once (the others wait to be started). */
  guestImport: { maxBytes: number; maxRows: number; maxRunning: number };
  /**
   * The scrypt cost N (not its log2) of new password hashes (PASSWORD_HASH_COST, a power of two;
   * default DEFAULT_PASSWORD_HASH_COST). Hashes keep the N they were made with, so changing it never
   * breaks a stored one. Tests lower it to run fast; production refuses anything below the default.
   */
  passwordHashCost: number;
  /** Card payments through Stripe (api/src/payments/stripeClient.ts). */
  stripe: StripeConfig;
}

export interface StripeConfig {
  /**
   * Base URL of the Stripe API the client talks to (STRIPE_API_URL, e.g. "http://127.0.0.1:12111" for the local
   * stand-in of api/src/payments/standIn); null: Stripe itself (https://api.stripe.com). An http(s) origin, no path.
   */
  apiUrl: string | null;
  /** STRIPE_SECRET_KEY ("sk_…" or a restricted "rk_…"); null: card payments are off until an account has its own. */
  secretKey: string | null;
  /** STRIPE_WEBHOOK_SECRET ("whsec_…"): signs the events Stripe posts to us; null when unset. */
  webhookSecret: string | null;
  /** STRIPE_PUBLISHABLE_KEY ("pk_…"): the card form's key going with STRIPE_SECRET_KEY; null when unset. */
  publishableKey?: string | null;
  /** STRIPE_JS_URL: where the card form loads Stripe.js from ("https://js.stripe.com/v3/" unless set). */
  jsUrl?: string;
}

export const DEFAULT_STRIPE_JS_URL = "https://js.stripe.com/v3/";

/** The form of a webhook signing secret ("whsec_…"): STRIPE_WEBHOOK_SECRET here and in the Stripe stand-in. */
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9_]+$/;

/** STRIPE_API_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY and STRIPE_JS_URL, each checked for its form. */
export function stripeConfigFrom(env: NodeJS.ProcessEnv): StripeConfig {
  let apiUrl: string | null = null;
  const rawUrl = env.STRIPE_API_URL?.trim();
  if (rawUrl) {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new Error(`STRIPE_API_URL must be an http(s) URL, got "${rawUrl}"`);
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" || url.search || url.hash) {
      throw new Error(`STRIPE_API_URL must be an http(s) origin without a path, got "${rawUrl}"`);
    }
    if (url.username || url.password) throw new Error("STRIPE_API_URL may not hold credentials");
    apiUrl = url.origin;
  }
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  if (secretKey && !/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(secretKey)) {
    throw new Error('STRIPE_SECRET_KEY must be a Stripe secret key ("sk_test_…", "sk_live_…" or a restricted "rk_…")');
  }
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (webhookSecret && !STRIPE_WEBHOOK_SECRET_PATTERN.test(webhookSecret)) {
    throw new Error('STRIPE_WEBHOOK_SECRET must be a webhook signing secret ("whsec_…")');
  }
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim() || null;
  if (publishableKey && !/^pk_(test|live)_[A-Za-z0-9_]+$/.test(publishableKey)) {
    throw new Error('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key ("pk_test_…" or "pk_live_…")');
  }
  const jsUrl = env.STRIPE_JS_URL?.trim() || DEFAULT_STRIPE_JS_URL;
  if (!/^https?:\/\//.test(jsUrl)) throw new Error(`STRIPE_JS_URL must be an http(s) URL, got "${jsUrl}"`);
  return { apiUrl, secretKey, webhookSecret, publishableKey, jsUrl };
}

/** The scrypt N of production password hashes (2^15 with r = 8 and p = 1: 32 MiB a hash). */
export const DEFAULT_PASSWORD_HASH_COST = 2 ** 15;

export interface ImageFetchConfig {
  /** Whole download (DNS, connections, redirects, body), in milliseconds. */
  timeoutMs: number;
  /**
   * "host:port" pairs exempt from the private-address refusal. FOR TESTS AND LOCAL DEVELOPMENT ONLY
   * (IMAGE_FETCH_ALLOWED_HOSTS, comma-separated, empty by default): a test serves images from
   * 127.0.0.1:<port>. Never set it in production: it opens exactly those addresses to server-side requests.
   */
  allowedHosts: readonly string[];
}

export interface ThrottleConfig {
  /** Window (and block length once a limit is passed; the longest sign-in delay), in minutes. */
  windowMinutes: number;
  /**
   * Failed sign-ins at one account (from devices it never signed in from, or from one known device) before
   * each further attempt waits: 1 s, doubling with every failure, up to the window. Never a lock-out.
   */
  loginFailuresPerEmail: number;
  /** Failed sign-ins from one IP address within the window. */
  loginFailuresPerIp: number;
  /** Password-reset requests for one email address within the window (more are silently dropped). */
  resetRequestsPerEmail: number;
  /** Password-reset requests from one IP address within the window (more are silently dropped). */
  resetRequestsPerIp: number;
  /** Second-factor codes emailed to one user within the window. */
  codeEmailsPerUser: number;
  /**
   * Registrations (and form uploads, counted apart) sent from one IP address within the window: enough for
   * a company's or a school's guests behind one address, not for a script filling an event with guests.
   */
  registrationsPerIp: number;
  /**
   * Contact-form challenges asked for from one IP address within the window: each costs the server a proof
   * of work's derivation (tens of milliseconds), and a guest's page asks one when it opens, then every 8 minutes.
   */
  contactChallengesPerIp: number;
}

/** "host:port" pairs of IMAGE_FETCH_ALLOWED_HOSTS; refused in production, where they would open internal addresses. */
function allowedFetchHostsFrom(env: NodeJS.ProcessEnv, isProduction: boolean): string[] {
  const hosts = (env.IMAGE_FETCH_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (hosts.length && isProduction) throw new Error("IMAGE_FETCH_ALLOWED_HOSTS is for tests and development only");
  return hosts;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** TRUST_PROXY: a number of proxy hops; "true" is one (the setting's earlier form), unset or 0 none. */
function proxyHopsFrom(env: NodeJS.ProcessEnv): number {
  const raw = env.TRUST_PROXY;
  if (raw === undefined || raw === "" || raw === "0" || raw === "false") return 0;
  if (raw === "true") return 1;
  return intFrom(env, "TRUST_PROXY", 0);
}

/** PASSWORD_HASH_COST: a power of two (scrypt's N); never below the default in production. */
export function passwordHashCostFrom(env: NodeJS.ProcessEnv, isProduction: boolean): number {
  const cost = intFrom(env, "PASSWORD_HASH_COST", DEFAULT_PASSWORD_HASH_COST);
  if (cost < 2 || (cost & (cost - 1)) !== 0) throw new Error(`PASSWORD_HASH_COST must be a power of two, got ${cost}`);
  if (isProduction && cost < DEFAULT_PASSWORD_HASH_COST) {
    throw new Error(`PASSWORD_HASH_COST may not be below ${DEFAULT_PASSWORD_HASH_COST} when NODE_ENV=production`);
  }
  return cost;
}

/**
 * The secret that signs anti-forgery tokens and hashes one-time codes. In production it must come
 * from TESSERA_SECRET (every API process behind a load balancer needs the same one); locally it is
 * generated once and kept under var/.
 */
function secretFrom(env: NodeJS.ProcessEnv, varDir: string, isProduction: boolean): string {
  if (env.TESSERA_SECRET) {
    if (env.TESSERA_SECRET.length < 32) throw new Error("TESSERA_SECRET must have at least 32 characters");
    return env.TESSERA_SECRET;
  }
  if (isProduction) throw new Error("TESSERA_SECRET is required when NODE_ENV=production");
  const file = path.join(varDir, "secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(varDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  const varDir = path.resolve(env.TESSERA_VAR_DIR ?? path.join(ROOT_DIR, "var"));
  const port = intFrom(env, "PORT", 3000);
  return {
    env: nodeEnv,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL || null,
    sqliteFile: path.resolve(env.SQLITE_FILE ?? path.join(varDir, "tessera.sqlite")),
    varDir,
    outboxDir: path.join(varDir, "outbox"),
    webDistDir: path.join(ROOT_DIR, "web", "dist"),
    secret: secretFrom(env, varDir, nodeEnv === "production"),
    smtp: env.SMTP_URL ? { url: env.SMTP_URL } : null,
    mailFrom: env.MAIL_FROM ?? "Tessera <no-reply@tessera.local>",
    campaignSend: campaignSendConfigFrom(env, (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "")),
    inboundMail: inboundMailConfigFrom(env, (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "")),
    sessionIdleMinutes: intFrom(env, "SESSION_IDLE_MINUTES", 8 * 60),
    sessionAbsoluteHours: intFrom(env, "SESSION_ABSOLUTE_HOURS", 7 * 24),
    proxyHops: proxyHopsFrom(env),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"),
    logRequests: env.LOG_REQUESTS !== "0" && env.LOG_REQUESTS !== "false",
    bodyLimitBytes: intFrom(env, "BODY_LIMIT_BYTES", 1024 * 1024),
    pdfMaxBytes: intFrom(env, "PDF_MAX_BYTES", 8 * 1024 * 1024),
    throttle: {
      windowMinutes: intFrom(env, "THROTTLE_WINDOW_MINUTES", 15),
      loginFailuresPerEmail: intFrom(env, "THROTTLE_LOGIN_FAILURES_PER_EMAIL", 5),
      loginFailuresPerIp: intFrom(env, "THROTTLE_LOGIN_FAILURES_PER_IP", 100),
      resetRequestsPerEmail: intFrom(env, "THROTTLE_RESET_REQUESTS_PER_EMAIL", 5),
      resetRequestsPerIp: intFrom(env, "THROTTLE_RESET_REQUESTS_PER_IP", 20),
      codeEmailsPerUser: intFrom(env, "THROTTLE_CODE_EMAILS_PER_USER", 5),
      registrationsPerIp: intFrom(env, "THROTTLE_REGISTRATIONS_PER_IP", 300),
      contactChallengesPerIp: intFrom(env, "THROTTLE_CONTACT_CHALLENGES_PER_IP", 100),
    },
    imageFetch: {
      timeoutMs: intFrom(env, "IMAGE_FETCH_TIMEOUT_MS", 10_000),
      allowedHosts: allowedFetchHostsFrom(env, nodeEnv === "production"),
    },
    guestImport: {
      maxBytes: intFrom(env, "IMPORT_MAX_BYTES", 50 * 1024 * 1024),
      maxRows: intFrom(env, "IMPORT_MAX_ROWS", 100_000),
      maxRunning: intFrom(env, "IMPORT_MAX_RUNNING", 2),
    },
    passwordHashCost: passwordHashCostFrom(env, nodeEnv === "production"),
    stripe: stripeConfigFrom(env),
  };
}
