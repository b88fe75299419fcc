/*
 * What a stream of live events is made of, whoever answers it over HTTP (http/eventStream.ts answers
 * Server-Sent Events): services build the source, routes stream it.
 */

/** One event of a stream: its id (Last-Event-ID on reconnect), its name and its data (JSON). */
export interface StreamEvent {
  id: string;
  event: string;
  data: unknown;
}

export interface EventStreamSource {
  /**
   * What the watcher may have missed, in order: since `lastEventId` (the browser's Last-Event-ID on a
   * reconnect, else the last id sent on this stream, null at first). It may repeat events already sent.
   */
  backlog(lastEventId: string | null): Promise<StreamEvent[]>;
  /**
   * Live events as they come; `onGap` when some may have been lost (read the backlog again). Resolves,
   * once they flow, with the way to stop.
   */
  subscribe(push: (event: StreamEvent) => void, onGap: () => void): Promise<() => void>;
}
