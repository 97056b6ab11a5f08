import type { ThreadDumpResponse } from '../../../contracts/management/threaddump';

interface UvHandle {
  type?: string;
  is_active?: boolean;
  is_referenced?: boolean;
  localEndpoint?: { host?: string; port?: number } | null;
  remoteEndpoint?: { host?: string; port?: number } | null;
  firesInMsFromNow?: number;
  repeat?: number;
  signum?: number;
  filename?: string;
  fd?: number;
}

interface DiagnosticReport {
  header?: { nodejsVersion?: string; processId?: number; threadId?: number | null; platform?: string; arch?: string; cpus?: unknown[] };
  javascriptStack?: { message?: string; stack?: string[] };
  nativeStack?: { pc?: string; symbol?: string }[];
  javascriptHeap?: { heapSpaces?: Record<string, { used?: number; memorySize?: number }> };
  libuv?: UvHandle[];
  workers?: unknown[];
}

const endpoint = (end: UvHandle['localEndpoint']) => (end ? `${end.host ?? '?'}:${end.port ?? '?'}` : undefined);

function handleDetail(handle: UvHandle): string | undefined {
  const local = endpoint(handle.localEndpoint);
  const remote = endpoint(handle.remoteEndpoint);
  if (local || remote) return [local, remote].filter(Boolean).join(' → ');
  if (handle.firesInMsFromNow !== undefined) return `fires in ${handle.firesInMsFromNow} ms${handle.repeat ? `, every ${handle.repeat} ms` : ''}`;
  if (handle.signum !== undefined) return `signal ${handle.signum}`;
  if (handle.fd !== undefined && handle.fd >= 0) return `fd ${handle.fd}`;
  return undefined;
}

/**
 * Node's diagnostic report, kept to what a thread dump shows: stacks, handles, heap spaces and
 * workers. The report's environment variables, command line, working directory, network
 * interfaces, user limits and shared objects are never copied: they may carry secrets and an
 * operator does not need them to see what the process is doing.
 */
export function takeThreadDump(): ThreadDumpResponse {
  const report = process.report.getReport() as DiagnosticReport;
  const header = report.header ?? {};
  const resources = new Map<string, number>();
  for (const type of process.getActiveResourcesInfo()) resources.set(type, (resources.get(type) ?? 0) + 1);
  return {
    status: 'SUCCESS',
    takenAt: new Date().toISOString(),
    header: {
      nodejsVersion: header.nodejsVersion ?? process.version,
      pid: header.processId ?? process.pid,
      threadId: header.threadId ?? null,
      platform: header.platform ?? process.platform,
      arch: header.arch ?? process.arch,
      cpus: Array.isArray(header.cpus) ? header.cpus.length : 0,
      uptimeSeconds: Math.round(process.uptime()),
    },
    javascriptStack: { message: report.javascriptStack?.message ?? '', frames: (report.javascriptStack?.stack ?? []).map((frame) => frame.trim()) },
    nativeStack: (report.nativeStack ?? []).map((frame) => `${frame.pc ?? ''} ${frame.symbol ?? ''}`.trim()),
    handles: (report.libuv ?? []).map((handle) => {
      const detail = handleDetail(handle);
      return {
        type: handle.type ?? 'unknown',
        isActive: Boolean(handle.is_active),
        isReferenced: Boolean(handle.is_referenced),
        ...(detail ? { detail } : {}),
      };
    }),
    activeResources: [...resources].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    workers: report.workers?.length ?? 0,
    heapSpaces: Object.entries(report.javascriptHeap?.heapSpaces ?? {}).map(([space, reading]) => ({
      space,
      usedBytes: reading.used ?? 0,
      sizeBytes: reading.memorySize ?? 0,
    })),
  };
}
