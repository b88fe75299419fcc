import type Koa from "koa";
import type { Logger } from "pino";
import type { Language, TFunction } from "@tessera/shared";
import type { Actor } from "../policies/actor.ts";
import type { AppDeps } from "../services/scope.ts";

export interface ApiState {
  requestId: string;
  language: Language;
  logger: Logger;
  actor?: Actor;
  /** The raw session token when the request was authenticated by cookie or bearer session. */
  sessionToken?: string;
  /** A check-in desk's bearer token: no actor, only the /desk routes take it (services/checkins/desk.ts). */
  deskToken?: string;
}

export interface ApiContextExtras {
  deps: AppDeps;
  t: TFunction;
}

export type ApiContext = Koa.ParameterizedContext<ApiState, ApiContextExtras>;
export type ApiMiddleware = Koa.Middleware<ApiState, ApiContextExtras>;
