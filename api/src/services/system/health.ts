import type { Scope } from "../scope.ts";

export interface Health {
  status: "ok";
  database: "postgresql" | "sqlite";
}

/** Liveness: the database answers (a failure throws, and the caller reports it). */
export async function checkHealth(scope: Scope): Promise<Health> {
  await scope.db.raw("select 1");
  return { status: "ok", database: scope.deps.config.databaseUrl ? "postgresql" : "sqlite" };
}
