/**
 * Name normalization shared by the importers that read names (screening lists, INPI owners) and by the engine that
 * matches a taxpayer's name against them: both sides must produce exactly the same keys, so both call this file.
 */

/**
 * Words that say what kind of entity a name is, or join its words, rather than who it is: "PAMPA S.A." and
 * "PAMPA SOCIEDAD ANONIMA" are the same name. They are left out of tokens and keys.
 */
const NOISE = new Set([
  "SA", "SAS", "SAU", "SRL", "SACI", "SACIF", "SACIFIA", "SAIC", "SAICA", "SAIYC", "SCA", "SCS", "SH", "SE", "SC",
  "SOCIEDAD", "ANONIMA", "RESPONSABILIDAD", "LIMITADA", "ACCIONES", "SIMPLIFICADA", "COLECTIVA", "COMANDITA",
  "COOPERATIVA", "LTDA", "LTD", "LLC", "INC", "CORP", "CO", "GMBH", "AG", "BV", "PLC",
  "DE", "DEL", "LA", "LAS", "LOS", "EL", "Y", "E", "THE", "OF", "AND",
]);

/** Upper case, accents removed, dots and apostrophes dropped (S.R.L. is SRL), other punctuation a space. */
export function normalizeText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[.'’`´]/g, "")
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

/** The words that identify a name, without noise words, each once, sorted: word order does not matter. */
export function nameTokens(value: string): string[] {
  const words = normalizeText(value).split(" ").filter((w) => w && !NOISE.has(w));
  return [...new Set(words)].sort();
}

/** One comparable key for a name: its tokens joined by a space ("" when nothing identifying is left). */
export const nameKey = (value: string): string => nameTokens(value).join(" ");

/**
 * Whether two different words of lengths at most one apart are one edit apart (Levenshtein distance 1): one letter
 * changed when they are as long, one letter more in the longer one otherwise.
 */
function oneEditApart(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let k = 0;
  while (k < short.length && short.charCodeAt(k) === long.charCodeAt(k)) k++;
  const skip = short.length === long.length ? 1 : 0;
  for (let i = k + skip; i < short.length; i++) if (short.charCodeAt(i) !== long.charCodeAt(i + 1 - skip)) return false;
  return true;
}

/**
 * How alike two words are: 1 when equal; a single typo is forgiven only in words of six letters or more, because
 * in short words it changes the name (MARIA and MARIO are two people, GONZALEZ and GONSALEZ are one spelling).
 */
function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return 0;
  return oneEditApart(a, b) ? 1 - 1 / Math.max(a.length, b.length) : 0;
}

/** Which words of each name are paired, reused from call to call (nameScore runs for every candidate of a report). */
let usedA = new Uint8Array(16);
let usedB = new Uint8Array(16);

/**
 * Similarity of two names given as tokens (`nameTokens`), from 0 to 1: the share of letters of both names that
 * belong to words paired with a word of the other name (each word paired at most once, best pairs first), weighted
 * by how alike the pair is. Every word counts, so a missing middle name lowers the score: "JUAN CARLOS PEREZ"
 * against "JUAN PEREZ" scores 0.75.
 *
 * Equal words pair first, in the order of `a` then `b`; then the typo pairs of the words left, most alike first.
 */
export function nameScore(a: readonly string[], b: readonly string[]): number {
  let total = 0;
  for (const t of a) total += t.length;
  for (const t of b) total += t.length;
  if (total === 0) return 0;
  if (usedA.length < a.length) usedA = new Uint8Array(a.length);
  if (usedB.length < b.length) usedB = new Uint8Array(b.length);
  usedA.fill(0, 0, a.length);
  usedB.fill(0, 0, b.length);
  let matched = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      if (usedB[j] || a[i] !== b[j]) continue;
      usedA[i] = usedB[j] = 1;
      matched += a[i].length + b[j].length;
      break;
    }
  }
  let typos: { i: number; j: number; sim: number }[] | undefined;
  for (let i = 0; i < a.length; i++) {
    if (usedA[i]) continue;
    for (let j = 0; j < b.length; j++) {
      if (usedB[j]) continue;
      const sim = tokenSimilarity(a[i], b[j]);
      if (sim > 0) (typos ??= []).push({ i, j, sim });
    }
  }
  if (typos) {
    typos.sort((p, q) => q.sim - p.sim);
    for (const { i, j, sim } of typos) {
      if (usedA[i] || usedB[j]) continue;
      usedA[i] = usedB[j] = 1;
      matched += sim * (a[i].length + b[j].length);
    }
  }
  return Math.round((matched / total) * 10_000) / 10_000;
}

/** The best score of a name against any variant of a list entry's name (its `claves_nombre`: variants split by `|`). */
export function bestVariantScore(tokens: readonly string[], clavesNombre: string | null): number {
  let best = 0;
  for (const variant of (clavesNombre ?? "").split("|")) best = Math.max(best, nameScore(tokens, variant.split(" ")));
  return best;
}
