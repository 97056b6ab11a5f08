import { z } from 'zod';

/**
 * GET /ps/getDocumentUploadRequests (issue 15): the documents staff asked the player to upload
 * again, each with the kind wanted and the reason, until an upload of that kind satisfies it.
 */
export const documentUploadRequestSchema = z.object({
  id: z.uuid(),
  documentType: z.string(),
  reason: z.string(),
  requestedAt: z.iso.datetime(),
});
export type DocumentUploadRequest = z.infer<typeof documentUploadRequestSchema>;

export const getDocumentUploadRequestsResponseSchema = z.object({ status: z.literal('SUCCESS'), uploadRequests: z.array(documentUploadRequestSchema) });
