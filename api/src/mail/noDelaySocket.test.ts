import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { noDelaySocket } from "./noDelaySocket.ts";

describe("noDelaySocket", () => {
  const servers: net.Server[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));

  async function listening(): Promise<number> {
    const server = net.createServer((socket) => socket.end("220 ready\r\n"));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }

  function open(port: number) {
    return new Promise<{ error: Error | null; socket?: net.Socket }>((resolve) =>
      noDelaySocket(2000)({ host: "127.0.0.1", port }, (error, options) =>
        resolve({ error, socket: options?.connection }),
      ),
    );
  }

  it("hands nodemailer a connected socket reading the server's greeting", async () => {
    const { error, socket } = await open(await listening());
    expect(error).toBeNull();
    const [greeting] = (await new Promise((resolve) => socket!.once("data", (data) => resolve([String(data)])))) as [
      string,
    ];
    expect(greeting).toBe("220 ready\r\n");
    socket!.destroy();
  });

  it("reports a refused connection as an error", async () => {
    const port = await listening();
    servers.splice(0).forEach((server) => server.close());
    const { error, socket } = await open(port);
    expect(socket).toBeUndefined();
    expect((error as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
  });
});
