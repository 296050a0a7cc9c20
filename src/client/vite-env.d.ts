/// <reference types="vite/client" />

/** package.json's version, set by vite.config.ts `define`. */
declare const __APP_VERSION__: string
/** This build's stamp (APP_BUILD_ID, or the build's time), set by vite.config.ts `define`. */
declare const __APP_BUILD__: string
/** The server's MARKETING_URL at build time, or '' when unset; set by vite.config.ts `define`. */
declare const __MARKETING_URL__: string
