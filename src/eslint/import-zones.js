// A local ESLint rule that keeps the architecture's import boundaries: each zone names the files
// it governs (`files`), the files they may not import (`forbid`), and why. A zone whose `files`
// pattern captures a group (a feature's name) forbids only targets whose capture differs, so a
// feature may import itself but no other feature. Bare package names are checked against
// `libraries`: a library used through a wrapper may be imported only by that wrapper.
// eslint-plugin-import's no-restricted-paths does the same for files, but it is not installed,
// and core no-restricted-imports cannot tell a feature's own folder from another's.
import path from 'node:path'

/** The repository-relative path an import names, or null for a package. */
function targetOf(spec, filename, cwd) {
  if (spec.startsWith('~/')) return `src/${spec.slice(2)}`
  if (spec.startsWith('styled-system/')) return `src/${spec}`
  if (!spec.startsWith('.')) return null
  return path
    .relative(cwd, path.resolve(path.dirname(filename), spec))
    .split(path.sep)
    .join('/')
}

const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/')

export const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between the folders of src and sw' },
    schema: [{ type: 'object', additionalProperties: true }],
  },
  create(context) {
    const { zones = [], libraries = [] } = context.options[0] ?? {}
    const cwd = context.cwd ?? process.cwd()
    const file = path.relative(cwd, context.filename).split(path.sep).join('/')
    const mine = zones.filter((z) => z.files.test(file) && !z.except?.test(file))
    const libs = libraries.filter((l) => !l.only.some((o) => o.test(file)))
    if (mine.length === 0 && libs.length === 0) return {}

    function check(node, spec) {
      if (typeof spec !== 'string') return
      const target = targetOf(spec, context.filename, cwd)
      if (target === null) {
        const pkg = packageOf(spec)
        for (const lib of libs) if (lib.names.includes(pkg)) context.report({ node, message: `${pkg}: ${lib.message}` })
        return
      }
      for (const zone of mine) {
        if (!zone.forbid.test(target) || zone.allow?.test(target)) continue
        const own = file.match(zone.files)?.[1]
        if (own !== undefined && target.match(zone.forbid)?.[1] === own) continue
        context.report({ node, message: `${file} may not import ${target}: ${zone.message}` })
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}
