import { createI18n, DEFAULT_LANGUAGE, type Language, type TFunction } from "@tessera/shared";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Db } from "../db/knex.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { LiveBus } from "../live/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Actor } from "../policies/actor.ts";
import type { FileStorage } from "../storage/fileStorage.ts";
import type { DomainHooks } from "./hooks.ts";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything long-lived the services need; built once per process by `createDeps` (wiring.ts). */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  jobs: JobQueue;
  mail: Mailer;
  /** Uploaded files (images, guests' answer files, imports). */
  storage: FileStorage;
  /** Messages pushed live to watchers in every API process (check-in scans). */
  live: LiveBus;
  clock: Clock;
  /** What one area does when another deletes, merges or copies (wired in wiring.ts). */
  hooks: DomainHooks;
}

/**
 * What a service is called with, whoever calls it: a route (one request), a legacy route, a job, a
 * script or a test. It carries no HTTP: the caller's address and user agent are plain values.
 */
export interface Scope {
  readonly deps: AppDeps;
  readonly db: Db;
  readonly clock: Clock;
  /** Who acts: a signed-in user, an API key, or nobody (anonymous routes, system jobs). */
  readonly actor: Actor | undefined;
  /** The language answers and emails are written in. */
  readonly language: Language;
  readonly t: TFunction;
  readonly logger: Logger;
  readonly requestId: string | null;
  readonly clientAddress: string | null;
  readonly userAgent: string | null;
}

const translations = createI18n();

export interface ScopeOptions {
  actor?: Actor;
  language?: Language;
  requestId?: string | null;
  clientAddress?: string | null;
  userAgent?: string | null;
  logger?: Logger;
}

/** A scope for work with no HTTP request behind it (jobs, scripts, tests) or for one request (http/scope.ts). */
export function createScope(deps: AppDeps, options: ScopeOptions = {}): Scope {
  const language = options.language ?? DEFAULT_LANGUAGE;
  return {
    deps,
    db: deps.db,
    clock: deps.clock,
    actor: options.actor,
    language,
    t: translations.getFixedT(language),
    logger: options.logger ?? deps.logger,
    requestId: options.requestId ?? null,
    clientAddress: options.clientAddress ?? null,
    userAgent: options.userAgent ?? null,
  };
}
