/**
 * Waits for every one of `work`, then throws the first failure in the order given (not the first in time), or
 * returns the values in that order. Nothing is left running when a failure is reported; and for statements
 * pipelined on one connection, the first failure in order is the cause, the later ones only its consequence.
 */
export async function allSettledInOrder<const T extends readonly unknown[]>(work: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const outcomes = await Promise.allSettled(work);
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
  if (failed) throw failed.reason;
  return outcomes.map((o) => (o as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
