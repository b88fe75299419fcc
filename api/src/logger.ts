import { pino, type Logger } from "pino";

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "tessera-api" },
    redact: ["req.headers.authorization", "req.headers.cookie", "password"],
  });
}
