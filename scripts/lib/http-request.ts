import http from "node:http";

export interface Sent {
  method?: string;
  /** Sent exactly as written: a malformed percent-escape stays malformed. */
  path: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as-is. */
  body?: unknown;
}

/** A JSON body; the checks read the few fields they need and leave the rest to the OpenAPI document. */
export interface JsonBody {
  [field: string]: unknown;
  error?: unknown;
}

export interface Received {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: JsonBody | undefined;
}

/**
 * One HTTP/1.1 request through node:http rather than fetch: fetch refuses methods such as TRACE and normalises
 * what it is given, and these checks are about what the server does with exactly that. Redirects are not followed.
 */
export function request(base: string, sent: Sent, timeoutMs = 60_000): Promise<Received> {
  const headers: Record<string, string> = { ...sent.headers };
  let body: string | undefined;
  if (sent.body !== undefined) {
    body = typeof sent.body === "string" ? sent.body : JSON.stringify(sent.body);
    if (typeof sent.body !== "string") headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method: sent.method ?? "GET", path: sent.path, headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
        }
        let json: JsonBody | undefined;
        try {
          json = text ? (JSON.parse(text) as JsonBody) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: out, text, json });
      });
    });
    req.on("timeout", () => req.destroy(new Error(`${sent.method ?? "GET"} ${sent.path}: no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}
