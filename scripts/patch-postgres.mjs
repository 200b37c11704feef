// Applies changes to postgres.js 3.4.9 that upstream has not released: four fixes (porsager/postgres#1208, pull
// requests #1209 and #1215) and one cut in cost:
// 1. a write scheduled for a connection whose socket already closed throws from a setImmediate callback and kills
//    the process; it now rejects the pending queries with CONNECTION_CLOSED instead;
// 2. a connection that closed while a statement was in flight kept that statement's error and handed it to the
//    first query after reconnecting; its per-statement state is now cleared when it closes;
// 3. sockets get TCP_NODELAY, as libpq sets it: without it, the message that ends a COPY and the statement after
//    it each wait ~40 ms for a delayed ACK (Nagle), which made loading the demo sources at boot take seconds;
// 4. a transaction whose connection closed must not send its remaining queries (or its ROLLBACK) to the same
//    connection object after the pool reconnects it, where they would run outside the transaction;
// 5. a query's `handle()`, called by every `then`, `catch` and `finally` on it (three times for an awaited query in a
//    transaction), was an async function: a promise per call, and one more for its `await 1`. It now schedules the
//    query's handler once, on the same microtask turn, and makes no promise after that. A POST /v1/reports runs
//    about a dozen queries; under Next's async context every promise also costs an async hook.
// 6. a transaction's BEGIN goes out in the same write as its first statements instead of in a round trip of its
//    own, and the function may send COMMIT itself (`sql.commit()`), behind its last statements, instead of in a
//    round trip after it returns. A statement that failed before the COMMIT makes it a rollback, and the
//    transaction throws that failure as before; nothing after the COMMIT may decide to roll back. A query is sent
//    when it is first awaited or `execute()`d, so the statements meant to precede the COMMIT are `execute()`d
//    first; one sent after it fails (AFTER_COMMIT) instead of reaching a connection the transaction gave back.
// The script is idempotent and fails loudly if the source it expects is not there.
import fs from "node:fs";
import path from "node:path";

const root = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "node_modules", "postgres");
const MARK = "legajo-patch";

const patches = [
  {
    file: "connection.js",
    from: "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)",
    to:
      "  function nextWrite(fn) {\n" +
      `    if (!socket) { // ${MARK}: the socket closed before this write ran\n` +
      "      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n" +
      "      chunk = nextWriteTimer = null\n" +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      "      query = null\n" +
      "      return false\n" +
      "    }\n" +
      "    const x = socket.write(chunk, fn)",
  },
  {
    file: "connection.js",
    from: "    x.on('error', error)\n    x.on('close', closed)",
    to: `    x.setNoDelay && x.setNoDelay(true) // ${MARK}: TCP_NODELAY, as libpq\n    x.on('error', error)\n    x.on('close', closed)`,
  },
  {
    file: "connection.js",
    from: "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    to:
      "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n" +
      `    query = errorResponse = results = null // ${MARK}: every pending statement was rejected above\n` +
      "    result = new Result()\n",
  },
  {
    file: "index.js",
    from: "        new Promise((_, reject) => connection.onclose = reject)",
    to: `        new Promise((_, reject) => connection.onclose = e => (closedError = e, reject(e))) // ${MARK}`,
  },
  {
    file: "index.js",
    from: "    let savepoints = 0\n      , connection\n      , prepare = null",
    to: `    let savepoints = 0\n      , connection\n      , closedError = null // ${MARK}\n      , prepare = null`,
  },
  {
    file: "index.js",
    from: "      function handler(q) {\n        q.catch(e => uncaughtError || (uncaughtError = e))\n        c.queue === full",
    to:
      "      function handler(q) {\n        q.catch(e => uncaughtError || (uncaughtError = e))\n" +
      `        if (closedError) return q.reject(closedError) // ${MARK}\n` +
      "        c.queue === full",
  },
  {
    file: "query.js",
    from: "  async handle() {\n    !this.executed && (this.executed = true) && await 1 && this.handler(this)\n  }",
    to:
      `  handle() { // ${MARK}: one microtask to schedule the query, no promise per call\n` +
      "    if (this.executed) return\n" +
      "    this.executed = true\n" +
      "    resolved.then(() => this.handler(this))\n" +
      "  }",
  },
  {
    file: "query.js",
    from: "const originCache = new Map()\n",
    to: `const resolved = Promise.resolve() // ${MARK}\nconst originCache = new Map()\n`,
  },
  {
    file: "index.js",
    from:
      "      await sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute }).execute()\n" +
      "      return await Promise.race([\n        scope(connection, fn),\n",
    to:
      `      // ${MARK}: BEGIN is sent, not waited for; once it has its connection, the statements follow it there\n` +
      "      let dispatched\n" +
      "      const dispatch = new Promise(resolve => dispatched = resolve)\n" +
      "      const begun = sql.unsafe('begin ' + options.replace(/[^a-z ]/ig, ''), [], { onexecute: c => (onexecute(c), dispatched()) }).execute()\n" +
      "      await Promise.race([dispatch, begun])\n" +
      "      move(connection, reserved)\n" +
      "      return await Promise.race([\n        scope(connection, fn).then(result => begun.then(() => result)),\n",
  },
  {
    file: "index.js",
    from: "      let uncaughtError\n        , result\n",
    to:
      "      let uncaughtError\n        , result\n" +
      `        , committing = null // ${MARK}: a COMMIT the function sent itself\n` +
      "        , commitSent = false\n" +
      "      name || (sql.commit = () => committing || (committing = sql`commit`.execute()))\n",
  },
  {
    file: "index.js",
    from: `        if (closedError) return q.reject(closedError) // ${MARK}\n`,
    to:
      `        if (closedError) return q.reject(closedError) // ${MARK}\n` +
      `        if (commitSent) return q.reject(Errors.generic('AFTER_COMMIT', 'Statement sent after the transaction\\'s COMMIT')) // ${MARK}\n` +
      "        q === committing && (commitSent = true)\n",
  },
  {
    file: "index.js",
    from: "      } catch (e) {\n        await (name\n",
    to: `      } catch (e) {\n        commitSent || await (name // ${MARK}: after a COMMIT the transaction is over either way\n`,
  },
  {
    file: "index.js",
    from: "          : await sql`commit`\n",
    to: `          : await (committing || sql\`commit\`) // ${MARK}\n`,
  },
];

const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
if (version !== "3.4.9") {
  console.error(`scripts/patch-postgres.mjs: written for postgres 3.4.9, found ${version}; check whether upstream fixed #1208 and update or remove this patch.`);
  process.exit(1);
}

for (const dir of ["src", "cjs/src", "cf/src"]) {
  for (const p of patches) {
    const file = path.join(root, dir, p.file);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    if (text.includes(p.to)) continue;
    if (!text.includes(p.from)) {
      console.error(`scripts/patch-postgres.mjs: expected source not found in ${path.relative(root, file)}`);
      process.exit(1);
    }
    fs.writeFileSync(file, text.replace(p.from, p.to));
  }
}
