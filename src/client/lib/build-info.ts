// The version and build the reader runs (shown on /help), stamped in by vite.config.ts `define`.
// Tests run the source without that define: they see "dev".
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0'
export const APP_BUILD = typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : 'dev'
