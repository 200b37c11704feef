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

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * How alike two words are: 1 when equal; a single typo is forgiven only in words of six letters or more, because
 * in short words it changes the name (MARIA and MARIO are two people, GONZALEZ and GONSALEZ are one spelling).
 */
function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return 0;
  return editDistance(a, b) === 1 ? 1 - 1 / Math.max(a.length, b.length) : 0;
}

/**
 * Similarity of two names given as tokens (`nameTokens`), from 0 to 1: the share of letters of both names that
 * belong to words paired with a word of the other name (each word paired at most once, best pairs first), weighted
 * by how alike the pair is. Every word counts, so a missing middle name lowers the score: "JUAN CARLOS PEREZ"
 * against "JUAN PEREZ" scores 0.75.
 */
export function nameScore(a: readonly string[], b: readonly string[]): number {
  const total = a.reduce((n, t) => n + t.length, 0) + b.reduce((n, t) => n + t.length, 0);
  if (total === 0) return 0;
  const pairs: { i: number; j: number; sim: number }[] = [];
  a.forEach((x, i) =>
    b.forEach((y, j) => {
      const sim = tokenSimilarity(x, y);
      if (sim > 0) pairs.push({ i, j, sim });
    }),
  );
  pairs.sort((p, q) => q.sim - p.sim);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let matched = 0;
  for (const { i, j, sim } of pairs) {
    if (usedA.has(i) || usedB.has(j)) continue;
    usedA.add(i);
    usedB.add(j);
    matched += sim * (a[i].length + b[j].length);
  }
  return Math.round((matched / total) * 10_000) / 10_000;
}
