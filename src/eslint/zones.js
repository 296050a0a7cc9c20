// The import boundaries `npm run lint` keeps (the rule is import-zones.js). Layers, lowest first:
// shared (no DOM, no Node) is imported by the client, the server and the service worker, which
// never import each other. In the client: pwa, i18n, db and lib are the base, sync and ui build on
// them, features on those, and layouts, routes and the app's entries compose features. In the
// server: lib, db, services, middleware, routes, each importing only those before it, and only
// the app (app.ts) mounts routes. Forbidding the upward direction keeps the folders free of cycles.

const CLIENT = /^src\/client\//
const SERVER = /^src\/server\//
const SW = /^sw\//
const SHARED = /^src\/shared\//
// The client's entries (main.tsx, router.tsx, app-services.ts, the generated route tree).
const ENTRIES = /^src\/client\/(main|router|app-services|route-tree\.gen)(\.tsx?)?$/

const any = (...res) => new RegExp(res.map((r) => r.source).join('|'))
const COMPOSERS = any(/^src\/client\/(layouts|routes|public|features)\//, ENTRIES)

export const zones = [
  {
    files: SHARED,
    forbid: /^(src\/client|src\/server|sw)\//,
    message: 'shared code has no client, server or service-worker dependency.',
  },
  {
    files: CLIENT,
    forbid: /^(src\/server|sw)\//,
    message: 'the client meets the server and the service worker only in src/shared.',
  },
  {
    files: SERVER,
    forbid: /^(src\/client|sw)\//,
    message: 'the server meets the client and the service worker only in src/shared.',
  },
  {
    files: SW,
    forbid: /^src\/(client|server)\//,
    message: 'the service worker meets the page and the server only in src/shared.',
  },
  // The client's layers.
  {
    files: /^src\/client\/features\/([^/]+)\//,
    forbid: /^src\/client\/features\/([^/]+)\//,
    message: 'features never import each other; a route or layout composes them.',
  },
  {
    files: /^src\/client\/features\//,
    forbid: any(/^src\/client\/(layouts|routes|public)\//, ENTRIES),
    message: 'features are composed by layouts, routes and the app entries, never the reverse.',
  },
  {
    files: /^src\/client\/(ui|sync)\//,
    forbid: COMPOSERS,
    message: 'the kit and the sync engine never import features, layouts or routes.',
  },
  {
    files: /^src\/client\/ui\//,
    forbid: /^src\/client\/sync\//,
    message: 'the kit shows what it is given; screens read the sync engine.',
  },
  { files: /^src\/client\/sync\//, forbid: /^src\/client\/ui\//, message: 'the sync engine has no screens.' },
  {
    files: /^src\/client\/lib\//,
    forbid: any(/^src\/client\/(ui|sync|features|layouts|routes|public)\//, ENTRIES),
    message: 'lib is the base the kit and screens build on (errors reach the toasts through lib/toasts).',
  },
  {
    files: /^src\/client\/(db|i18n|pwa)\//,
    forbid: any(/^src\/client\/(lib|ui|sync|features|layouts|routes|public)\//, ENTRIES),
    message: 'db, i18n and pwa are the base layer.',
  },
  // The server's layers.
  {
    files: SERVER,
    except: /^src\/server\/(app\.ts|routes\/)/,
    forbid: /^src\/server\/routes\//,
    message: 'routes compose services; only app.ts mounts them.',
  },
  {
    files: /^src\/server\/routes\//,
    forbid: /^src\/server\/db\//,
    allow: /^src\/server\/db\/errors$/,
    message: 'data access lives in services; a route parses, authorizes, calls a service and answers.',
  },
  {
    files: /^src\/server\/(lib|db|services)\//,
    forbid: /^src\/server\/middleware\//,
    message: 'middleware builds on services, not the reverse.',
  },
  {
    files: /^src\/server\/(lib|db)\//,
    forbid: /^src\/server\/services\//,
    message: 'services build on db and lib, not the reverse.',
  },
  {
    files: /^src\/server\/lib\//,
    forbid: /^src\/server\/db\//,
    message: 'lib is the base layer; data access lives in services.',
  },
]

// One wrapper module per library: a library used through a wrapper is imported only there.
export const libraries = [
  { names: ['dexie'], only: [/^src\/client\/db\//], message: 'only src/client/db imports dexie.' },
  { names: ['ky'], only: [/^src\/client\/lib\/http\.ts$/], message: 'use src/client/lib/http.' },
  {
    names: ['drizzle-orm'],
    only: [/^src\/server\/(db|services)\//, /^src\/tools\//],
    message: 'data access lives in src/server/services.',
  },
  {
    names: ['pg', '@electric-sql/pglite'],
    only: [/^src\/server\/db\//],
    message: 'only src/server/db opens the database.',
  },
  { names: ['nodemailer'], only: [/^src\/server\/services\/mail\.ts$/], message: 'send mail through services/mail.' },
  {
    names: ['@stripe/stripe-js', '@stripe/react-stripe-js'],
    only: [/^src\/client\/ui\/form\/payment\//],
    message: 'use the payment field of the form kit.',
  },
  {
    names: ['@visx/axis', '@visx/group', '@visx/responsive', '@visx/scale', '@visx/shape'],
    only: [/^src\/client\/ui\/charts\//],
    message: 'use the chart kit (src/client/ui/charts).',
  },
  { names: ['workbox-window'], only: [/^src\/client\/pwa\//], message: 'use src/client/pwa.' },
]
