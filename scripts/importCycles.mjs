// Import cycles in the TypeScript import graph (type-only imports included), found with Tarjan's
// strongly connected components. A cycle ties modules together so neither can be read, tested or
// replaced alone; the lint reports each one with its path.
import { existsSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

const EXTENSIONS = ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx']

/** The file an import specifier names, or undefined for packages and files outside `src`. */
export function resolveImport(src, from, spec) {
  const base = spec.startsWith('.')
    ? resolve(dirname(from), spec)
    : spec.startsWith('@renderer/')
      ? join(src, 'renderer', 'src', spec.slice('@renderer/'.length))
      : undefined
  if (base === undefined || !base.startsWith(src)) return undefined
  const plain = base.replace(/\.js$/, '')
  for (const candidate of [plain, ...EXTENSIONS.map((ext) => plain + ext)])
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.(ts|tsx|mts)$/.test(candidate))
      return candidate
  return undefined
}

/** Strongly connected components with more than one file (or a file importing itself). */
function stronglyConnected(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const components = []
  let next = 0
  const visit = (node) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node), low.get(to)))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)))
    }
    if (low.get(node) !== index.get(node)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? new Set()).has(node)) components.push(component)
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return components
}

/** One concrete cycle inside a component: a path from its first file back to it (breadth-first, so short). */
function cycleThrough(graph, component) {
  const members = new Set(component)
  const start = [...component].sort()[0]
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue
      if (to === start) {
        const path = [start]
        for (let at = node; at !== start; at = cameFrom.get(at)) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node)
        queue.push(to)
      }
    }
  }
  return [start, start]
}

/**
 * `edges`: file → the specifiers it imports. `allowed(files)` says whether a component is a
 * deliberate cycle. Returns one message per forbidden component, naming a cycle's path.
 */
export function importCycles(src, edges, allowed) {
  const graph = new Map()
  for (const [file, specs] of edges) {
    const targets = new Set()
    for (const spec of specs) {
      const target = resolveImport(src, file, spec)
      if (target !== undefined && edges.has(target)) targets.add(target)
    }
    graph.set(file, targets)
  }
  const name = (file) => relative(dirname(src), file).split(sep).join('/')
  return stronglyConnected(graph)
    .filter((component) => !allowed(component.map((file) => relative(src, file).split(sep).join('/'))))
    .map((component) => `import cycle: ${cycleThrough(graph, component).map(name).join(' → ')}`)
}
