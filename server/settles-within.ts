/**
 * Waits for `work` at most `ms`: true when it settled (resolved or rejected) in time, false when the
 * time ran out first. The work itself goes on; a shutdown uses this so that nothing it waits for
 * (a pool whose clients never come back, a socket the other side left) can hold the process.
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  const settled = work.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
