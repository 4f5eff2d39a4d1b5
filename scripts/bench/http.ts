import autocannon from 'autocannon';

export type HttpResult = { label: string; requestsPerSecond: number; p50: number; p99: number; non2xx: number };

/** Loads one URL on this machine for a fixed time with a fixed number of connections. */
export async function loadTest(label: string, url: string, options: { seconds?: number; connections?: number; headers?: Record<string, string> } = {}): Promise<HttpResult> {
  const result = await autocannon({ url, duration: options.seconds ?? 8, connections: options.connections ?? 10, headers: options.headers });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: Array<Record<string, string | number>>): void {
  console.table(rows);
}
