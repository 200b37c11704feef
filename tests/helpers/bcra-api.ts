import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the stand-in answers on one path: a status with a JSON body (and headers), or a dropped connection. */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> } | "drop";

/**
 * A local stand-in for https://api.bcra.gob.ar: each path answers from its own queue of answers (the last one
 * repeats), so a test scripts 429s, 500s and dropped connections before the real answer. Unknown paths are the
 * API's 404 "no data". Every request is recorded.
 */
export async function bcraApi(routes: Record<string, Answer[]>) {
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    calls.push(url);
    const queue = routes[url];
    const answer: Answer = queue ? (queue.length > 1 ? queue.shift()! : queue[0]) : { status: 404, body: { status: 404, errorMessages: ["No se encontró datos para la identificación ingresada."] } };
    if (answer === "drop") {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
