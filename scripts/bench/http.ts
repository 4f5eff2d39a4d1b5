import autocannon from 'autocannon';
import { processTreeCpuMicros } from './process-cpu';

export type HttpResult = {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  requests: number;
  cpuMicrosPerRequest: number | null;
};

/**
 * Loads one URL on this machine for a fixed time with a fixed number of connections. With
 * `serverPid`, also the server's CPU time (its process and workers) per answered request.
 */
export async function loadTest(
  label: string,
  url: string,
  options: { seconds?: number; connections?: number; headers?: Record<string, string>; serverPid?: number } = {},
): Promise<HttpResult> {
  const cpuBefore = options.serverPid ? processTreeCpuMicros(options.serverPid) : null;
  const result = await autocannon({
    url,
    duration: options.seconds ?? 8,
    connections: options.connections ?? 10,
    headers: options.headers,
  });
  const cpuAfter = options.serverPid ? processTreeCpuMicros(options.serverPid) : null;
  const requests = result.requests.total;
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    requests,
    cpuMicrosPerRequest:
      cpuBefore !== null && cpuAfter !== null && requests > 0 ? Math.round((cpuAfter - cpuBefore) / requests) : null,
  };
}

export function printTable(rows: Array<Record<string, string | number>>): void {
  console.table(rows);
}
