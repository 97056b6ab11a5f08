import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDocumentTypesResponseSchema } from '../../../../../contracts/platform/documents/document-types';
import { saveDocumentResponseSchema } from '../../../../../contracts/platform/documents/save-document';
import { getDocumentUploadRequestsResponseSchema } from '../../../../../contracts/platform/documents/upload-requests';
import { getUserDocumentsResponseSchema, type DocumentFileSide } from '../../../../../contracts/platform/documents/user-documents';
import { apiRequest } from '../../../shared/api/api-client';

export const documentTypesQuery = queryOptions({
  queryKey: ['document-types'],
  queryFn: ({ signal }) => apiRequest('ps', '/getDocumentTypes', { schema: getDocumentTypesResponseSchema, signal }).then((answer) => answer.documentTypes),
  staleTime: 60 * 60_000,
});

export const userDocumentsQueryKey = ['user-documents'] as const;

/** GET {ps}/getUserDocuments (DOC-17). */
export function useUserDocuments() {
  return useQuery({
    queryKey: userDocumentsQueryKey,
    queryFn: ({ signal }) => apiRequest('ps', '/getUserDocuments', { schema: getUserDocumentsResponseSchema, signal }).then((answer) => answer.userDocuments),
  });
}

/**
 * GET {ps}/getDocumentUploadRequests: the documents staff asked for again. Kept under the documents'
 * key, so the reload after a save (DOC-21) also drops a request the upload satisfied.
 */
export function useDocumentUploadRequests() {
  return useQuery({
    queryKey: [...userDocumentsQueryKey, 'upload-requests'],
    queryFn: ({ signal }) =>
      apiRequest('ps', '/getDocumentUploadRequests', { schema: getDocumentUploadRequestsResponseSchema, signal }).then((answer) => answer.uploadRequests),
  });
}

export function useDocumentTypes() {
  return useQuery(documentTypesQuery);
}

export interface DocumentUpload {
  documentType: string;
  issueDate?: string | undefined;
  expiryDate?: string | undefined;
  documentNumber?: string | undefined;
  /** The identification flow's answers for the reviewer. */
  details?: Record<string, string> | undefined;
  files: { file: File; side: DocumentFileSide }[];
}

/**
 * DOC-19, DOC-20: one file goes to the single save, several to the multiple save with the map of
 * file names to sides. Empty values are left out (spec 001 §5). The caller shows a failure itself
 * (DOC-16 field errors, DOC-22 dialog).
 */
export function saveDocument(upload: DocumentUpload) {
  const form = new FormData();
  form.append('documentType', upload.documentType);
  if (upload.issueDate) form.append('issueDate', upload.issueDate);
  if (upload.expiryDate) form.append('expiryDate', upload.expiryDate);
  if (upload.documentNumber?.trim()) form.append('documentNumber', upload.documentNumber.trim());
  if (upload.details) form.append('details', JSON.stringify(upload.details));
  const single = upload.files.length === 1 && upload.files[0]?.side === 'FRONT' && !upload.details;
  if (single) {
    const [only] = upload.files;
    if (only) form.append('file', only.file, only.file.name);
    return apiRequest('ps', '/saveUserDocument', { method: 'POST', body: form, schema: saveDocumentResponseSchema, feedback: 'silent' });
  }
  // File names must be told apart in the map: only when two are the same does each get its side as a prefix.
  const clash = new Set(upload.files.map(({ file }) => file.name)).size < upload.files.length;
  const named = upload.files.map(({ file, side }) => ({ file, side, name: clash ? `${side.toLowerCase()}-${file.name}` : file.name }));
  form.append('fileTypes', JSON.stringify(Object.fromEntries(named.map(({ name, side }) => [name, side]))));
  for (const { file, name } of named) form.append('files', file, name);
  return apiRequest('ps', '/saveUserDocuments', { method: 'POST', body: form, schema: saveDocumentResponseSchema, feedback: 'silent' });
}

/** DOC-21: a successful save reloads the list. */
export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDocumentsQueryKey }),
  });
}
