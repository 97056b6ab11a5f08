// The documents area's public face: the account page's Documents section (DIS-17), and the pieces
// the identification page shares with it (the upload, the file field, the result dialogs).
export { DocumentsSection } from './components/documents-section';
export { Dropzone, type ChosenFile } from './components/dropzone';
export { ResultDialog } from './components/result-dialog';
export { saveDocument, useUserDocuments, userDocumentsQueryKey, type DocumentUpload } from './api/documents';
export { isoDayYearsFromNow, formatDay } from './format-date';
