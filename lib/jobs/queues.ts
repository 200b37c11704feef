import type PgBoss from "pg-boss";

/**
 * Every queue of the app with its options. `short`: at most one queued (not yet started) job per singleton key,
 * so re-announcing a batch that is already waiting adds nothing. A job only names its work ("process batch X");
 * the rows it points to are the truth, so a duplicate or a retry finds nothing left to do.
 */
export const QUEUES = {
  batches: { policy: "short", retryLimit: 20, retryDelay: 2, retryBackoff: true, expireInSeconds: 3_600 },
  monitoring: { policy: "short", retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds: 1_800 },
  webhooks: { policy: "short", retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 900 },
} as const satisfies Record<string, Omit<PgBoss.Queue, "name">>;

export type QueueName = keyof typeof QUEUES;
