// The documents area's public face: the account page's Documents section (DIS-17).
export { DocumentsSection } from './components/documents-section';
