/** The build the benchmarks and the drills share; `--dist` picks another (CI reuses its own `.next`). */
export const DEFAULT_DIST = ".next-bench";
