import fs from "node:fs";
import path from "node:path";
import { validateCuit } from "@/lib/cuit/validate";
import { DomainError } from "@/lib/errors";
import { notFoundResponse } from "./formats/json-documents";

export interface FetchBcraOptions {
  cuits: readonly string[];
  /** Where the raw responses are kept, one file per response. */
  outDir: string;
  /** https://api.bcra.gob.ar, or a local stand-in. */
  baseUrl: string;
  /** Attempts after the first for a 5xx or a dropped connection; default 4. */
  retries?: number;
  /** First wait between attempts, doubled on each; default 1000 ms. */
  backoffMs?: number;
  /** Longest wait honoured from a Retry-After header; default 120 s. */
  maxWaitMs?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface FetchBcraResult {
  out_dir: string;
  cuits: number;
  requests: number;
  not_found: number;
  retried: number;
  /** Deudas and Historicas responses, each CUIT's two together (the bcra-deudas-api importer's input). */
  deudas: string[];
  /** ChequesRechazados responses and the lender list (the bcra-cheques-api importer's input). */
  cheques: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
function retryAfter(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** The CUITs of an operator's file: one a line, hyphens allowed, blank lines and `#` comments skipped. */
export function readCuitList(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new DomainError("archivo_no_encontrado", { text: `No se puede leer el archivo ${file}.` });
  }
  const cuits: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) return;
    const check = validateCuit(line);
    if (!check.ok) throw new DomainError("archivo_invalido", { text: `${path.basename(file)}, línea ${i + 1}: "${line}" no es un CUIT válido (${check.reason}).` });
    if (!cuits.includes(check.cuit)) cuits.push(check.cuit);
  });
  if (!cuits.length) throw new DomainError("archivo_invalido", { text: `${path.basename(file)} no tiene CUITs.` });
  return cuits;
}

/**
 * Calls the BCRA's public API for each CUIT (Deudas, Deudas/Historicas, Deudas/ChequesRechazados) and once for the
 * cheques lender list, keeping every raw response in `outDir`. A 404 is the API's "no data for that id" and is kept
 * as such; a 429 waits what Retry-After says; a 5xx or a dropped connection is retried with a doubling backoff. One
 * request at a time: the API limits each IP, and a batch is not urgent.
 */
export async function fetchBcra(options: FetchBcraOptions): Promise<FetchBcraResult> {
  const base = options.baseUrl.replace(/\/+$/, "");
  const retries = options.retries ?? 4;
  const backoff = options.backoffMs ?? 1000;
  const maxWait = options.maxWaitMs ?? 120_000;
  fs.mkdirSync(options.outDir, { recursive: true });
  const result: FetchBcraResult = { out_dir: options.outDir, cuits: options.cuits.length, requests: 0, not_found: 0, retried: 0, deudas: [], cheques: [] };

  const get = async (url: string, file: string): Promise<void> => {
    let failures = 0;
    let throttled = 0;
    for (;;) {
      result.requests++;
      let status: number;
      let body: string;
      let wait: number | null = null;
      try {
        const response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(60_000) });
        status = response.status;
        body = await response.text();
        if (status === 429) wait = retryAfter(response.headers.get("retry-after"));
      } catch (e) {
        status = 0;
        body = e instanceof Error ? `${e.message}${e.cause instanceof Error ? ` (${e.cause.message})` : ""}` : String(e);
      }
      if (status === 200 || status === 404) {
        if (status === 404) result.not_found++;
        let saved = body;
        try {
          JSON.parse(body);
        } catch {
          // Some gateways answer 404 with HTML: what the importer needs is the API's "no data" envelope.
          if (status === 404) saved = JSON.stringify(notFoundResponse());
          else throw new DomainError("bcra_respuesta_invalida", { text: `La API del BCRA respondió 200 sin JSON a ${url}.` });
        }
        fs.writeFileSync(file, saved.endsWith("\n") ? saved : `${saved}\n`);
        return;
      }
      if (status === 429 && throttled < 10) {
        throttled++;
        result.retried++;
        await sleep(Math.min(wait ?? backoff * 2 ** Math.min(throttled, 6), maxWait));
        continue;
      }
      if ((status === 0 || status >= 500) && failures < retries) {
        failures++;
        result.retried++;
        await sleep(backoff * 2 ** (failures - 1));
        continue;
      }
      const what = status === 0 ? `la conexión falló (${body})` : `respondió ${status}: ${body.slice(0, 200)}`;
      throw new DomainError("bcra_no_disponible", {
        text: `La API del BCRA no dio una respuesta útil para ${url}: ${what}. Las respuestas ya obtenidas quedan en ${options.outDir}.`,
      });
    }
  };

  const total = options.cuits.length * 3 + 1;
  let done = 0;
  const step = () => options.onProgress?.(++done, total);
  const entidades = path.join(options.outDir, "entidades.json");
  await get(`${base}/cheques/v1.0/entidades`, entidades);
  step();
  for (const cuit of options.cuits) {
    for (const [endpoint, name, list] of [
      [`Deudas/${cuit}`, "deudas", result.deudas],
      [`Deudas/Historicas/${cuit}`, "historicas", result.deudas],
      [`Deudas/ChequesRechazados/${cuit}`, "cheques", result.cheques],
    ] as const) {
      const file = path.join(options.outDir, `${cuit}-${name}.json`);
      await get(`${base}/CentralDeDeudores/v1.0/${endpoint}`, file);
      list.push(file);
      step();
    }
  }
  result.cheques.push(entidades);
  return result;
}
