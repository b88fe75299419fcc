import type { DeskHandlers, DeskInfo } from "./handlers.ts";

export interface DeskCoreOptions {
  version: string;
  platform: string;
  serverUrl?: string | null;
}

/** The desk's logic, free of Electron so it runs and is tested under plain Node. */
export function createDeskCore(options: DeskCoreOptions): DeskHandlers {
  let serverUrl = options.serverUrl ?? null;
  const info = (): DeskInfo => ({ version: options.version, platform: options.platform, serverUrl });
  return {
    "desk.info": async () => info(),
    "desk.setServerUrl": async (url: string) => {
      const parsed = new URL(url);
      if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
        throw new Error("The server address must be http(s)");
      serverUrl = parsed.origin;
      return info();
    },
  };
}
