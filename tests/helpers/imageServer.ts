import http from "node:http";
import type { AddressInfo } from "node:net";

export type ImageServerRoute = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface ImageServer {
  /** "127.0.0.1:<port>", for IMAGE_FETCH_ALLOWED_HOSTS. */
  hostPort: string;
  url(path: string): string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A local HTTP server standing in for the internet in image-download tests (127.0.0.1, random port). */
export async function startImageServer(routes: Record<string, ImageServerRoute>): Promise<ImageServer> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    requests.push(path);
    const handler = routes[path.split("?")[0]!];
    if (handler) return handler(request, response);
    response.writeHead(404, { "Content-Type": "text/plain" }).end("no such file");
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hostPort,
    url: (path) => `http://${hostPort}${path}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendBytes(bytes: Buffer, contentType = "application/octet-stream"): ImageServerRoute {
  return (_request, response) => {
    response.writeHead(200, { "Content-Type": contentType, "Content-Length": bytes.length }).end(bytes);
  };
}

export function redirectTo(location: () => string, status = 302): ImageServerRoute {
  return (_request, response) => {
    response.writeHead(status, { Location: location() }).end();
  };
}
