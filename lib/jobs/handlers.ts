import { announceUnfinished } from "@/lib/batches/recover";
import { processBatch } from "@/lib/batches/process";
import { runScan } from "@/lib/monitoring/detect";
import { announceUnfinishedScans } from "@/lib/monitoring/recover";
import { deliverDue } from "@/lib/webhooks/deliver";
import { announceDueDeliveries } from "@/lib/webhooks/recover";
import type { QueueName } from "./queues";

export interface HandlerSpec {
  run: (data: Record<string, unknown>) => Promise<void>;
  /** Jobs of the queue one process runs at once. */
  concurrency: number;
  /** Re-announces work whose job may have been lost; run at start and every RECOVER_MS. */
  recover?: () => Promise<unknown>;
}

/** What each queue's jobs do. Every process that starts workers (the web app, `npm run worker`) runs all of them. */
export const HANDLERS: Record<QueueName, HandlerSpec> = {
  batches: {
    run: (data) => processBatch(String(data.lote_id)),
    concurrency: 2,
    recover: announceUnfinished,
  },
  monitoring: { run: async (data) => void (await runScan(Number(data.scan_id))), concurrency: 1, recover: announceUnfinishedScans },
  webhooks: { run: async () => void (await deliverDue()), concurrency: 2, recover: announceDueDeliveries },
};
