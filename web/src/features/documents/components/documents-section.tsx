/** The player's documents: table, Add New form and upload (DOC-*). */
export function DocumentsSection() {
  return null;
}
