// One line per event on stdout/stderr; LOG_LEVEL=silent quiets tests.
const levels = { silent: 0, error: 1, info: 2, debug: 3 } as const
let level: number = levels.info

export function setLogLevel(name: keyof typeof levels) {
  level = levels[name]
}

export const log = {
  error: (...args: unknown[]) => level >= 1 && console.error('[error]', ...args),
  info: (...args: unknown[]) => level >= 2 && console.log('[info]', ...args),
  debug: (...args: unknown[]) => level >= 3 && console.log('[debug]', ...args),
}
