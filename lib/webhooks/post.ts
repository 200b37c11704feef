import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { env } from "@/lib/env";
import { isPrivateAddress } from "./url-guard";

export class PrivateAddressError extends Error {
  override name = "PrivateAddressError";
}

export class TimeoutError extends Error {
  override name = "TimeoutError";
}

/**
 * Resolves like the system, then refuses a private address: the check is made on the address the connection will
 * use, so a name that resolved to a public address when the webhook was created cannot be pointed inside later.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, "", 4);
    const allowed = env().WEBHOOK_ALLOW_PRIVATE ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) return callback(new PrivateAddressError(`${hostname} resuelve a una dirección local o privada`), "", 4);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0].address, allowed[0].family);
  });
};

// Kept-alive connections per receiver: node's own client, several times lighter than fetch per request.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 50, lookup: guardedLookup }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 50, lookup: guardedLookup }),
};

/** POSTs `body` and answers the status; the whole exchange must end within `timeoutMs`. Redirects are not followed. */
export function postJson(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host) && !env().WEBHOOK_ALLOW_PRIVATE && isPrivateAddress(host)) {
      reject(new PrivateAddressError(`${host} es una dirección local o privada`));
      return;
    }
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, {
      method: "POST",
      agent: agents[target.protocol as keyof typeof agents],
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
    });
    const timer = setTimeout(() => req.destroy(new TimeoutError()), timeoutMs);
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => {
        clearTimeout(timer);
        resolve(res.statusCode ?? 0);
      });
      res.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    req.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end(body);
  });
}
