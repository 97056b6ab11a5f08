// Types of the module map (module-map.js), plain JavaScript because ESLint's rule reads it too.
/** Module roots, most specific first. */
export const MODULE_ROOTS: readonly string[];
/** Each module's tables: the schema export name and the SQL name. */
export const TABLE_OWNERS: Readonly<Record<string, Readonly<Record<string, string>>>>;
