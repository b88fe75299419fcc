import type Koa from "koa";
import type { Logger } from "pino";
import type { Language, TFunction } from "@tessera/shared";
import type { Config } from "../config.ts";
import type { Db } from "../db/knex.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Actor } from "../policies/actor.ts";
import type { FileStorage } from "../storage/fileStorage.ts";

/** Everything long-lived the API needs; built once per process (or per test). */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  jobs: JobQueue;
  mail: Mailer;
  /** Uploaded files (images …). */
  storage: FileStorage;
}

export interface ApiState {
  requestId: string;
  language: Language;
  logger: Logger;
  actor?: Actor;
  /** The raw session token when the request was authenticated by cookie or bearer session. */
  sessionToken?: string;
}

export interface ApiContextExtras {
  deps: AppDeps;
  t: TFunction;
}

export type ApiContext = Koa.ParameterizedContext<ApiState, ApiContextExtras>;
export type ApiMiddleware = Koa.Middleware<ApiState, ApiContextExtras>;
