/**
 * The whole desk behind window.desk: the core (session, snapshot, checks, sync) composed with its handler
 * groups — offline search, printing, the LAN primary desk and the bulk import. main/ relays every channel of
 * DESK_APP_CHANNELS; the renderer's Chromium test binds the same object. A check that admits a guest prints
 * their badge when print-on-scan is on; a sign-in, refresh or sync also brings the session's badge templates.
 */
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import { createDeskCore, type DeskCore, type DeskCoreOptions } from "./core.ts";
import { DESK_CHANNELS, type DeskHandlers } from "./handlers.ts";
import {
  createImportHandlers,
  IMPORT_CHANNELS,
  type ImportHandlerOptions,
  type ImportHandlers,
} from "./import/handlers.ts";
import { createPrimaryHandlers, PRIMARY_CHANNELS, type PrimaryHandlers } from "./primary/handlers.ts";
import {
  createPrintHandlers,
  PRINT_CHANNELS,
  type PrintHandlers,
  type PrintHandlersOptions,
} from "./printing/printHandlers.ts";
import { createSearchHandlers, SEARCH_CHANNELS, type SearchHandlers } from "./search.ts";

export type DeskAppHandlers = DeskHandlers & SearchHandlers & PrintHandlers & PrimaryHandlers & ImportHandlers;
export type DeskAppChannel = keyof DeskAppHandlers;

export const DESK_APP_CHANNELS: readonly DeskAppChannel[] = [
  ...DESK_CHANNELS,
  ...SEARCH_CHANNELS,
  ...PRINT_CHANNELS,
  ...PRIMARY_CHANNELS,
  ...IMPORT_CHANNELS,
];

export interface DeskAppOptions extends DeskCoreOptions {
  printing?: Omit<PrintHandlersOptions, "core" | "fetch" | "now">;
  imports?: Omit<ImportHandlerOptions, "core" | "fetch">;
  /** Advertise and browse the primary desk by mDNS (default true). */
  mdns?: boolean;
}

export type DeskApp = DeskAppHandlers & {
  core: DeskCore;
  /** As the app starts: a desk that was the venue's primary when it closed serves its peers again. */
  start: () => Promise<void>;
  /** Resolves once the printer's queue has nothing printing. */
  printsIdle: () => Promise<void>;
  /** Whether a supervisor PIN is set (main asks before unlocking a kiosk). */
  hasSupervisorPin: () => boolean;
  close: () => Promise<void>;
};

export function createDeskApp(options: DeskAppOptions): DeskApp {
  const core = createDeskCore(options);
  const search = createSearchHandlers({ core });
  const printing = createPrintHandlers({ ...options.printing, core, fetch: options.fetch, now: options.now });
  const primary = createPrimaryHandlers({ core, mdns: options.mdns, now: options.now });
  const imports = createImportHandlers({ ...options.imports, core, fetch: options.fetch });

  /** The check, then the badge printed on scan (a printer's failure never changes the scan's answer). */
  async function check(scan: Parameters<DeskHandlers["desk.check"]>[0]): Promise<ScanAnswer> {
    const answer = await core["desk.check"](scan);
    void printing.afterCheck(answer).catch(() => undefined);
    return answer;
  }

  /** The session's badge templates follow its snapshot (best effort: the desk prints from what it holds). */
  const withTemplates =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await call(...args);
      await printing["print.refreshTemplates"]().catch(() => undefined);
      return result;
    };

  const { afterCheck: _afterCheck, idle, hasSupervisorPin, ...printHandlers } = printing;
  const { settled: _settled, close: closeImports, ...importHandlers } = imports;
  const { close: closePrimary, resume: resumePrimary, ...primaryHandlers } = primary;
  return {
    ...core,
    ...search,
    ...printHandlers,
    ...primaryHandlers,
    ...importHandlers,
    "desk.check": check,
    "desk.signIn": withTemplates(core["desk.signIn"]),
    "desk.refresh": withTemplates(core["desk.refresh"]),
    "desk.sync": withTemplates(core["desk.sync"]),
    core,
    printsIdle: idle,
    hasSupervisorPin,
    start: async () => {
      await resumePrimary().catch(() => null);
    },
    close: async () => {
      closeImports();
      await closePrimary();
      await idle().catch(() => undefined);
      core.close();
    },
  };
}
