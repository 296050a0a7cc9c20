import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { seedReader, startServer } from '../load/server'
const server = await startServer({})
const base = server.url.replace('127.0.0.1', 'localhost')
const { slug } = await seedReader(server.url, 50)
for (let i = 0; i < Number(process.env.RUNS ?? 2); i++) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  const r = await lighthouse(`${base}/${slug}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' })
  chrome.kill()
  const lhr = r!.lhr
  const a = (id: string) => lhr.audits[id]
  console.log('score', lhr.categories.performance!.score, 'TBT', a('total-blocking-time')!.numericValue, 'FCP', a('first-contentful-paint')!.numericValue, 'LCP', a('largest-contentful-paint')!.numericValue, 'TTI', a('interactive')?.numericValue)
  console.log('long tasks', JSON.stringify((a('long-tasks')?.details as any)?.items?.map((x: any) => [x.url?.slice(-40), Math.round(x.startTime), Math.round(x.duration)])))
  console.log('mainthread', JSON.stringify((a('mainthread-work-breakdown')?.details as any)?.items?.map((x: any) => [x.group, Math.round(x.duration)])))
  console.log('bootup', JSON.stringify((a('bootup-time')?.details as any)?.items?.map((x: any) => [x.url.slice(-40), Math.round(x.total), Math.round(x.scripting), Math.round(x.scriptParseCompile)])))
}
await server.stop()
process.exit(0)
