import { createHash } from 'node:crypto'
import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'

// The app's entry imports the router, which loads the opening route's code (its layout and page
// chunks) and the language catalog only once every module of the entry has run: a second round
// of requests after the first, ~150 ms of an offline cold start. This plugin writes a small
// script, loaded by index.html right after the entry's own preloads, that asks for those chunks
// at once: it matches location.pathname against each route file's path and adds
// <link rel="modulepreload"> for the route's chunks (and its layouts') and for the catalog of
// the language the app will start in (stored choice, else the browser's; i18n/index.ts).
// A file, not an inline script: the CSP allows only scripts of our own origin.

const ROUTE = /\/routes\/([^/]+)\.tsx\?tsr-split=component$/
const CATALOG = /\/locales\/(\w+)\/messages\.po$/

/** A route file's name (without .tsx) as a path pattern, or null for a layout without a path. */
export function routePattern(name: string): string {
  const segments: string[] = []
  for (const raw of name.split('.')) {
    if (raw === 'index' || raw.startsWith('_')) continue
    const segment = raw.replace(/_$/, '')
    segments.push(segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
  }
  return `^/${segments.join('/')}/?$`
}

/** A chunk's file and every chunk it imports statically, transitively. */
function closure(bundle: OutputBundle, file: string, into: Set<string>) {
  if (into.has(file)) return into
  into.add(file)
  const chunk = bundle[file]
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(bundle, dep, into)
  return into
}

export function routePreload(): Plugin {
  return {
    name: 'tbr-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html']
      if (!html || html.type !== 'asset') return
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk')
      // Already asked for by index.html.
      const loaded = new Set<string>()
      for (const c of chunks) if (c.isEntry || String(html.source).includes(`/${c.fileName}"`)) closure(bundle, c.fileName, loaded)
      const byRoute = new Map<string, string>()
      const catalogs: Record<string, string> = {}
      for (const c of chunks) {
        const id = c.facadeModuleId ?? ''
        const route = ROUTE.exec(id)?.[1]
        if (route) byRoute.set(route, c.fileName)
        const locale = CATALOG.exec(id)?.[1]
        if (locale) catalogs[locale] = `/${c.fileName}`
      }
      // Each route names its files by their place in one shared list (most routes share their
      // layout's chunks), so the script stays small: it is parsed before the entry on every start.
      const files: string[] = []
      const place = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1)
      const routes: [string, number[]][] = []
      // Pages only (a layout's name is a prefix of its pages'), static paths before dynamic
      // ones: the first match is the router's match (/books is the list, not a list named "books").
      const all = [...byRoute.keys()]
      const names = all
        .filter((name) => !all.some((other) => other.startsWith(`${name}.`)))
        .sort((a, b) => a.split('$').length - b.split('$').length)
      for (const name of names) {
        // The route's own chunk and its layouts' (the files whose name is a prefix of its name).
        const own = new Set<string>()
        for (const [other, file] of byRoute)
          if (name === other || name.startsWith(`${other}.`)) closure(bundle, file, own)
        routes.push([routePattern(name), [...own].filter((f) => !loaded.has(f)).map(place)])
      }
      const source = `(function(){var F=${JSON.stringify(files.map((f) => `/${f}`))},R=${JSON.stringify(routes)},C=${JSON.stringify(catalogs)},p=location.pathname,l,s=[],i;
for(i=0;i<R.length;i++)if(new RegExp(R[i][0]).test(p)){s=R[i][1].map(function(n){return F[n]});break}
try{l=localStorage.getItem('locale')}catch(e){}
if(!C[l])l=/^es/i.test(navigator.language||'')?'es':'en';if(C[l])s.push(C[l]);
s.forEach(function(h){if(document.querySelector('link[href="'+h+'"]'))return;var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;document.head.appendChild(k)})})();
`
      const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`
      this.emitFile({ type: 'asset', fileName, source })
      const tag = `<script src="/${fileName}"></script>`
      html.source = String(html.source).replace('</head>', `  ${tag}\n  </head>`)
    },
  }
}
