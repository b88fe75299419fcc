/**
 * Finding the venue's primary desk on the LAN by mDNS (bonjour-service): the primary advertises a
 * _tessera-desk._tcp service whose TXT record names its check-in session; a peer browses for a while and keeps
 * the primaries of its own session. A typed address needs none of this (primaryOrigin).
 */
import { Bonjour, type Service } from "bonjour-service";
import { PRIMARY_SERVICE_TYPE } from "./protocol.ts";

export interface FoundPrimary {
  /** The primary desk's name. */
  desk: string;
  checkinId: string;
  /** http://host:port, to give to primary.connect. */
  address: string;
}

export interface Advertisement {
  stop: () => Promise<void>;
}

/** Advertises this desk as the primary of its session until stopped. */
export function advertisePrimary(options: { port: number; checkinId: string; desk: string }): Advertisement {
  const bonjour = new Bonjour();
  bonjour.publish({
    // Service names must be unique on the network: the session's id tells two venues' "Door A" apart.
    name: `${options.desk} (${options.checkinId.slice(0, 8)})`,
    type: PRIMARY_SERVICE_TYPE,
    port: options.port,
    txt: { checkin: options.checkinId, desk: options.desk, v: "1" },
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        bonjour.unpublishAll(() => bonjour.destroy(() => resolve()));
      }),
  };
}

/** The primaries of a session that answer a browse of waitMs, one an address. */
export async function browsePrimaries(options: { checkinId: string; waitMs?: number }): Promise<FoundPrimary[]> {
  const bonjour = new Bonjour();
  const found = new Map<string, FoundPrimary>();
  const browser = bonjour.find({ type: PRIMARY_SERVICE_TYPE }, (service) => {
    const primary = primaryOfService(service, options.checkinId);
    if (primary) found.set(primary.address, primary);
  });
  await new Promise((resolve) => setTimeout(resolve, options.waitMs ?? 2_000));
  browser.stop();
  await new Promise<void>((resolve) => bonjour.destroy(() => resolve()));
  return [...found.values()];
}

/** A found service as a primary of the session, or null (another session, another app, no usable address). */
export function primaryOfService(
  service: Pick<Service, "txt" | "port" | "addresses" | "referer" | "host">,
  checkinId: string,
): FoundPrimary | null {
  const txt = (service.txt ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (Buffer.isBuffer(value) ? value.toString("utf8") : String(value ?? ""));
  if (text(txt.checkin) !== checkinId) return null;
  if (!Number.isInteger(service.port) || service.port <= 0 || service.port > 65_535) return null;
  const ipv4 = (service.addresses ?? []).find((address) => /^\d{1,3}(\.\d{1,3}){3}$/.test(address));
  const host = ipv4 ?? service.referer?.address ?? null;
  if (!host) return null;
  const hostPart = host.includes(":") ? `[${host}]` : host;
  return { desk: text(txt.desk) || service.host, checkinId, address: `http://${hostPart}:${service.port}` };
}
