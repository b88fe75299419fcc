/**
 * The desk's typed IPC surface. main/ relays these names to the core; preload exposes exactly them;
 * tests call the same handlers under plain Node. Later issues add check-in, sync and printing.
 */
export interface DeskInfo {
  version: string;
  platform: string;
  serverUrl: string | null;
}

export interface DeskHandlers {
  "desk.info": () => Promise<DeskInfo>;
  "desk.setServerUrl": (url: string) => Promise<DeskInfo>;
}

export type DeskChannel = keyof DeskHandlers;
export const DESK_CHANNELS: readonly DeskChannel[] = ["desk.info", "desk.setServerUrl"];
