// What the benches that promise flat memory share (bench:download, bench:import): a body timed
// while this process's resident memory is sampled, so a file streamed through it shows its peak.

/** Runs `body`, sampling the process's resident memory: answers its time and the highest growth. */
export async function measured<T>(body: () => Promise<T>, sampleMs = 10) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, sampleMs);
  const began = performance.now();
  try {
    const value = await body();
    const ms = performance.now() - began;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, ms, growthMb: (peak - before) / 1024 ** 2 };
  } finally {
    clearInterval(timer);
  }
}
