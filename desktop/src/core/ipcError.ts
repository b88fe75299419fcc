/**
 * A handler's failure as it crosses Electron's IPC: only the message survives the trip, so the error's code (a
 * PrintRefusedError's or the API's, when it has one) goes in front of it, "[code] message", for the renderer to
 * say it in the user's language.
 */
export function errorForIpc(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^\w+$/.test(code) ? new Error(`[${code}] ${error.message}`) : error;
}
