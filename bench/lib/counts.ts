import { AsyncLocalStorage, createHook } from "node:async_hooks";
import { Session } from "node:inspector/promises";
import { origin } from "./profile";

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

export interface WorkCounts {
  promises: number;
  /** Bytes allocated, from V8's sampling heap profiler (every 1 KiB on average), freed objects included. */
  allocated: number;
  /** Bytes by the function that allocated them; a built-in (Array, Set, JSON.stringify) counts to its caller. */
  sites: Map<string, number>;
}

const site = (frame: SamplingNode["callFrame"]) => `${frame.functionName || "(anonymous)"} ${origin(frame.url)}:${frame.lineNumber + 1}`;

/**
 * Runs `work` inside an AsyncLocalStorage context, as Next runs a route (every promise then also runs an async
 * hook), counting the promises it makes and what it allocates. Unlike times, these do not move with the machine's
 * speed, so they show a change of a few per cent that a timed round cannot.
 */
export async function countWork(work: () => Promise<void>): Promise<WorkCounts> {
  let promises = 0;
  const hook = createHook({ init: (_id, type) => void (type === "PROMISE" && promises++) });
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  hook.enable();
  try {
    await new AsyncLocalStorage().run({}, work);
  } finally {
    hook.disable();
  }
  const { profile } = (await session.post("HeapProfiler.stopSampling")) as { profile: { head: SamplingNode } };
  session.disconnect();
  const sites = new Map<string, number>();
  let allocated = 0;
  const walk = (node: SamplingNode, owner: string) => {
    const own = node.callFrame.url ? site(node.callFrame) : owner;
    allocated += node.selfSize;
    if (node.selfSize) sites.set(own, (sites.get(own) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, own);
  };
  walk(profile.head, "(root)");
  return { promises, allocated, sites };
}
