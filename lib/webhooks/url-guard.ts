import { lookup } from "node:dns/promises";
import net from "node:net";
import { env } from "@/lib/env";

/** Loopback, private, link-local, shared, multicast and reserved ranges: never a customer's public receiver. */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  BLOCKED.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  BLOCKED.addSubnet(prefix, bits, "ipv6");
}

/** Whether `address` (an IP) is one webhooks must not reach; IPv4-mapped IPv6 is judged as its IPv4. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1], "ipv4");
  return net.isIPv4(address) ? BLOCKED.check(address, "ipv4") : BLOCKED.check(address, "ipv6");
}

/**
 * Why a webhook URL may not be used, in Spanish, or null when it may: every address its host resolves to must be
 * public, unless WEBHOOK_ALLOW_PRIVATE. Checked when the endpoint is created and again before each delivery, since
 * a name may resolve elsewhere later.
 */
export async function refusalOf(url: string): Promise<string | null> {
  if (env().WEBHOOK_ALLOW_PRIVATE) return null;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return "La URL no es válida.";
  }
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `No se pudo resolver ${host}.`;
  }
  if (addresses.length === 0) return `No se pudo resolver ${host}.`;
  const blocked = addresses.find(isPrivateAddress);
  return blocked ? `La URL apunta a una dirección local o privada (${blocked}); usá una dirección pública.` : null;
}
