import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of one process (clock ticks), from /proc/<pid>/stat; null when it is gone. */
function ticksOf(pid: number): { ticks: number; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: split after its closing ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), parent: Number(fields[1]) };
  } catch {
    return null;
  }
}

/**
 * CPU time (microseconds) used so far by a process and its descendants (the cluster's workers),
 * Linux only: read from /proc. Returns null elsewhere.
 */
export function processTreeCpuMicros(root: number): number | null {
  if (!ticksOf(root)) return null;
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const found = ticksOf(Number(name));
    if (!found) continue;
    parents.set(Number(name), found.parent);
    ticks.set(Number(name), found.ticks);
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid, depth = 0; at && depth < 16; at = parents.get(at), depth++)
      if (at === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, used] of ticks) if (inTree(pid)) total += used;
  return (total * 1_000_000) / TICKS_PER_SECOND;
}
