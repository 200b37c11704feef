/**
 * A progress bar on stderr when it is a terminal, silent otherwise (stdout stays one JSON object).
 * `total` may be unknown; then it counts.
 */
export function progressBar(label: string, total?: number) {
  const tty = process.stderr.isTTY === true;
  let done = 0;
  let lastDraw = 0;
  const draw = (force = false) => {
    if (!tty) return;
    const t = Date.now();
    if (!force && t - lastDraw < 100) return;
    lastDraw = t;
    const width = 30;
    const text =
      total && total > 0
        ? `${"█".repeat(Math.round((Math.min(done, total) / total) * width)).padEnd(width, "░")} ${Math.floor((Math.min(done, total) / total) * 100)}% ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")}`
        : `${done.toLocaleString("en-US")}`;
    process.stderr.write(`\r${label} ${text}`);
  };
  return {
    tick(n = 1) {
      done += n;
      draw();
    },
    /** Sets the count, and the total when it becomes known as the input is read. */
    set(value: number, newTotal?: number) {
      done = value;
      if (newTotal !== undefined) total = newTotal;
      draw();
    },
    finish() {
      draw(true);
      if (tty) process.stderr.write("\n");
    },
  };
}
