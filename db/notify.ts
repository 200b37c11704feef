import postgres from "postgres";

/** A `LISTEN` on one channel over a connection of its own, with its state: a consumer may trust it only while up. */
export interface Listener {
  /** True from the moment the `LISTEN` succeeded until the connection is lost; false before, between and after. */
  readonly listening: boolean;
  /** The backend of the listening connection while listening (pg_stat_activity.pid), for drills and tests. */
  readonly backendPid: number | null;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify: (payload: string) => void;
  /** Called on every change of `listening`: after each successful `LISTEN` and on each loss of the connection. */
  onState: (listening: boolean) => void;
}

const RETRY_MS = 250;
const PROBE_EVERY_MS = 1000;
const PROBE_TIMEOUT_MS = 1500;
const open = new WeakMap<postgres.Sql, Set<Listener>>();

/**
 * LISTENs on `channel` with a dedicated connection built from the options of `pool` (the same server, user and
 * database). postgres.js's own `sql.listen` reconnects by itself but never says when it is down (its connection's
 * `onclose` is its own), and a consumer that caches on the strength of notifications must know: a notification
 * sent while nobody listens is lost. This one reports both edges: down on `onclose` (the connection ended, was
 * terminated, or failed to connect), up once a new `LISTEN` has succeeded; in between it retries every 250 ms. A
 * connection that stops answering without closing counts as down too (a probe every second).
 */
export function listenChannel(pool: postgres.Sql, channel: string, handlers: ListenHandlers): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let listening = false;
  let connected = false;
  let healthy = true;
  let closed = false;
  let pending = false;
  let probing = false;
  let backendPid: number | null = null;
  let timer: NodeJS.Timeout | undefined;

  const update = () => {
    const up = connected && healthy && !closed;
    if (up === listening) return;
    listening = up;
    handlers.onState(up);
  };
  const setState = (up: boolean) => {
    connected = up;
    if (!up) backendPid = null;
    update();
  };

  // The pool's parsed options, as postgres.js's own `listen` reuses them: one connection, never idle-closed nor
  // recycled, and this process's notification and close hooks.
  const client = postgres({
    ...pool.options,
    max: 1,
    idle_timeout: null,
    max_lifetime: null,
    fetch_types: false,
    shared: { retries: 0, typeArrayMap: {} },
    parameters: {},
    connection: { ...pool.options.connection, application_name: `${pool.options.connection.application_name ?? "legajo"}-listen` },
    onnotice: () => {},
    onnotify: (c: string, payload: string) => {
      if (c === channel && listening) handlers.onNotify(payload);
    },
    onclose: () => {
      if (closed) return;
      setState(false);
      relisten();
    },
  } as unknown as postgres.Options<Record<string, postgres.PostgresType>>);

  function relisten(): void {
    if (closed || pending || timer) return;
    pending = true;
    Promise.all([client.unsafe(`listen ${channel}`), client.unsafe<{ pid: number }[]>("select pg_backend_pid() as pid")])
      .then(([, rows]) => {
        pending = false;
        if (closed) return;
        backendPid = rows[0]?.pid ?? null;
        setState(true);
      })
      .catch(() => {
        pending = false;
        if (closed) return;
        setState(false);
        timer = setTimeout(() => {
          timer = undefined;
          relisten();
        }, RETRY_MS);
        timer.unref();
      });
  }

  // A connection can die without closing (a peer or a network gone silent: no FIN, no RST), and would look up until
  // TCP keepalive gives up. A probe every second on the listening connection bounds that: no answer within 1.5 s
  // and the listener counts as down until one comes.
  const probe = setInterval(() => {
    if (!connected || probing || closed) return;
    probing = true;
    const late = setTimeout(() => {
      healthy = false;
      update();
    }, PROBE_TIMEOUT_MS);
    client
      .unsafe("select 1")
      .then(
        () => {
          healthy = true;
        },
        () => undefined,
      )
      .finally(() => {
        probing = false;
        clearTimeout(late);
        update();
      });
  }, PROBE_EVERY_MS);
  probe.unref();

  const listener: Listener = {
    get listening() {
      return listening;
    },
    get backendPid() {
      return backendPid;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      clearInterval(probe);
      setState(false);
      open.get(pool)?.delete(listener);
      await client.end({ timeout: 1 }).catch(() => undefined);
    },
  };
  let set = open.get(pool);
  if (!set) open.set(pool, (set = new Set()));
  set.add(listener);
  relisten();
  return listener;
}

/** Closes the listeners built on `pool`; the pool's owner calls it before ending the pool. */
export async function closeListeners(pool: postgres.Sql): Promise<void> {
  await Promise.all([...(open.get(pool) ?? [])].map((l) => l.close()));
}

const noticeHandlers = new WeakMap<postgres.Sql, Set<(message: string) => void>>();

/**
 * Hands every notice that `pool`'s connections receive to `handler` (the pool's `onnotice` must call
 * `dispatchNotice`, as db/client.ts's does). Returns the way to stop.
 */
export function onNotice(pool: postgres.Sql, handler: (message: string) => void): () => void {
  let set = noticeHandlers.get(pool);
  if (!set) noticeHandlers.set(pool, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** For a pool's `onnotice`: notices go to the handlers registered with `onNotice`, and nowhere else. */
export function dispatchNotice(pool: postgres.Sql | undefined, notice: postgres.Notice): void {
  const set = pool && noticeHandlers.get(pool);
  if (!set || typeof notice.message !== "string") return;
  for (const handler of set) handler(notice.message);
}
