import type { ScanAnswer } from "@tessera/shared";

/** A scan's stored answer (checkin_scans.answer) as read: JSON text on SQLite, already parsed on PostgreSQL. */
export const answerOf = (answer: string | ScanAnswer): ScanAnswer =>
  typeof answer === "string" ? (JSON.parse(answer) as ScanAnswer) : answer;
