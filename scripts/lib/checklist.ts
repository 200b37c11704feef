/** Checks printed one line each as they are recorded, for a script that ends with `N passed, N failed`. */
export class Checklist {
  passed = 0;
  failed = 0;

  /** Records one check: passed when `problems` is empty. Returns whether it passed. */
  record(name: string, problems: string[]): boolean {
    if (problems.length === 0) this.passed += 1;
    else this.failed += 1;
    console.log(`${problems.length === 0 ? "ok  " : "FAIL"}  ${name}${problems.length ? `  -- ${problems.join("; ")}` : ""}`);
    return problems.length === 0;
  }

  /** Runs a group of checks; an exception inside it is one failed check rather than the end of the run. */
  async group(name: string, run: () => Promise<void>): Promise<void> {
    console.log(`\n== ${name}`);
    try {
      await run();
    } catch (e) {
      this.record(`${name}: ran to the end`, [e instanceof Error ? e.message : String(e)]);
    }
  }

  get summary(): string {
    return `${this.passed} passed, ${this.failed} failed`;
  }
}
