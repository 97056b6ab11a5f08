import { z } from 'zod/mini';

/** GET /ps/ping — lets the portal tell that a platform-service address answers (BOOT-02, BOOT-05). */
export const pingResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  service: z.string(),
});
export const pingPath = '/ping';
