import type { Prng } from "@/lib/sources/demo/prng";

const ALPHABETS = [
  "0123456789",
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-",
  " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
  "ñáéíóúüÑ€£¥©®™°±µ¶·¿",
  "漢字日本語中文한국어العربيةעברית",
  "\u0000\u0001\u001f\u007f\u200b\u202e\ufeff",
];

export function randomText(rng: Prng, max = 40): string {
  const length = rng.chance(0.05) ? rng.int(1000, 20_000) : rng.int(0, max);
  let out = "";
  for (let i = 0; i < length; i++) {
    const alphabet = rng.pick(ALPHABETS);
    out += [...alphabet][rng.int(0, [...alphabet].length - 1)];
  }
  if (rng.chance(0.05)) out += "😀🇦🇷";
  return out;
}

/** Strings shaped like the values the API parses: CUITs, DNIs, ids, numbers, UUIDs, and their near misses. */
export function nearMiss(rng: Prng, valid: readonly string[]): string {
  const v = rng.pick(valid);
  switch (rng.int(0, 11)) {
    case 0:
      return v;
    case 1:
      return `${v.slice(0, 2)}-${v.slice(2, 10)}-${v.slice(10)}`;
    case 2:
      return v.slice(0, rng.int(0, v.length));
    case 3:
      return v + rng.pick(["0", " ", "\n", "x", "%00", ".", "-"]);
    case 4:
      return v.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    case 5:
      return rng.pick(["", " ", "null", "undefined", "NaN", "-1", "0", "1e3", "1.5", "99999999999999999999999", "０１２３", "0x1F", "[]", "{}"]);
    case 6:
      return String(rng.int(1_000_000, 99_999_999));
    case 7:
      return rng.pick(["20", "23", "27", "30", "33", "34", "11", "99"]) + String(rng.int(0, 99_999_999)).padStart(8, "0") + rng.int(0, 9);
    case 8:
      return crypto.randomUUID();
    case 9:
      return `inf_${randomText(rng, 20)}`;
    case 10:
      return `../../${v}`;
    default:
      return randomText(rng);
  }
}

/** A path segment: encoded so it stays one segment, or deliberately raw, or a broken percent-escape. */
export function segment(rng: Prng, valid: readonly string[]): string {
  const value = nearMiss(rng, valid);
  if (rng.chance(0.03)) return rng.pick(["%", "%ZZ", "%E0%A4%A", "%C0%AF", "%uD800", "%%", "abc%2"]);
  // Node answers 431 to a request line past its 16 KB header limit, before the app sees it.
  return encodeURIComponent(value).slice(0, 6000).replace(/%[0-9A-F]?$/, "") || "x";
}

/** A JSON-ish body for POST /v1/reports: valid, wrong types, extra fields, broken JSON, huge, deeply nested. */
export function reportBody(rng: Prng, cuits: readonly string[]): string | undefined {
  const cuit = () => nearMiss(rng, cuits);
  switch (rng.int(0, 16)) {
    case 0:
    case 1:
    case 2:
      return JSON.stringify({ cuit: rng.pick(cuits) });
    case 3:
      return JSON.stringify({ cuit: cuit() });
    case 4:
      return JSON.stringify({ cuit: rng.pick([123, 20123456786, null, true, [], {}, [rng.pick(cuits)], { cuit: rng.pick(cuits) }, 1.5, -1]) });
    case 5:
      return JSON.stringify({ cuit: rng.pick(cuits), [randomText(rng, 10) || "extra"]: randomText(rng) });
    case 6:
      return JSON.stringify(rng.pick([{}, [], null, 0, "cuit", true, [{ cuit: rng.pick(cuits) }]]));
    case 7:
      return rng.pick(["", " ", "{", "{\"cuit\":", "{'cuit': '20123456786'}", "null", "undefined", "\u0000", "{\"cuit\":\"20123456786\"}}"]);
    case 8:
      return `{"cuit":"${"9".repeat(rng.int(12, 200_000))}"}`;
    case 9:
      return `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    case 10:
      return `{"__proto__":{"admin":true},"cuit":"${rng.pick(cuits)}"}`;
    case 11:
      return `{"constructor":{"prototype":{"x":1}},"cuit":"${rng.pick(cuits)}"}`;
    case 12:
      return JSON.stringify({ CUIT: rng.pick(cuits) });
    case 13:
      return `{"cuit":"${rng.pick(cuits)}","cuit":"${cuit()}"}`;
    case 14:
      return undefined;
    case 15:
      return randomText(rng, 200);
    default:
      return JSON.stringify({ cuit: cuit(), idempotency_key: crypto.randomUUID() });
  }
}

/** A query string over the parameters the API knows and some it does not. */
export function queryString(rng: Prng, cuits: readonly string[]): string {
  const names = ["limit", "offset", "cuit", "format", "redirect", "id", "x", "limit[]", "__proto__", ""];
  const values = ["1", "50", "51", "0", "-1", "10", "abc", "", "1e1", "2.5", "parquet", "csv", "xml", "PARQUET", "1", "true", "%", "%ZZ"];
  const parts: string[] = [];
  for (let i = rng.int(0, 4); i > 0; i--) {
    const name = rng.pick(names);
    const value = rng.chance(0.3) ? encodeURIComponent(nearMiss(rng, cuits)) : rng.pick(values);
    parts.push(rng.chance(0.1) ? name : `${name}=${value}`);
  }
  return parts.length ? `?${parts.join("&")}` : rng.chance(0.1) ? "?" : "";
}
