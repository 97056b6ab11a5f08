import { z } from 'zod';

/**
 * GET /management/threaddump — Node's diagnostic report (`process.report.getReport()`) as the
 * thread-dump view reads it (OPS-04): the JavaScript and native stacks, the libuv handles, the
 * heap spaces and the worker threads. The environment variables, the command line and the
 * shared-library list are left out: they may hold secrets or say more about the host than an
 * operator needs.
 */
export const threadDumpResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  takenAt: z.string(),
  header: z.object({
    nodejsVersion: z.string(),
    pid: z.number().int(),
    threadId: z.number().int().nullable(),
    platform: z.string(),
    arch: z.string(),
    cpus: z.number().int(),
    uptimeSeconds: z.number(),
  }),
  javascriptStack: z.object({ message: z.string(), frames: z.array(z.string()) }),
  nativeStack: z.array(z.string()),
  handles: z.array(
    z.object({
      type: z.string(),
      isActive: z.boolean(),
      isReferenced: z.boolean(),
      /** A short description of the handle (a socket's local and remote end, a timer's due time). */
      detail: z.string().optional(),
    }),
  ),
  /** Resource kinds keeping the event loop alive (`process.getActiveResourcesInfo()`), with counts. */
  activeResources: z.array(z.object({ type: z.string(), count: z.number().int() })),
  workers: z.number().int(),
  heapSpaces: z.array(z.object({ space: z.string(), usedBytes: z.number(), sizeBytes: z.number() })),
});
export type ThreadDumpResponse = z.infer<typeof threadDumpResponseSchema>;
