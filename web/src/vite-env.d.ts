/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated content-service bases tried in order at start (NS-10); default `/cms`. */
  readonly VITE_CMS_FALLBACKS?: string;
  /** Comma-separated platform-service bases tried after the configured one (NS-10); default `/ps`. */
  readonly VITE_PS_FALLBACKS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
