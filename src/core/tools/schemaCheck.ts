/**
 * Structural check of a tool's `input_schema` before it is ever sent to the model. The API
 * rejects a whole request when one tool schema is malformed, so a broken MCP tool must be
 * dropped (and reported) here instead of breaking every turn of the session.
 *
 * The accepted subset is what Anthropic's tool use documents: a root `type: "object"` with
 * `properties`/`required`, and nested schemas using type, properties, required, items, enum,
 * const, anyOf/oneOf/allOf, additionalProperties, $ref/$defs and the usual bounds. Unknown
 * keywords are tolerated (JSON Schema ignores them), wrong shapes of known keywords are not.
 */

const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'])
const SCHEMA_MAP_KEYWORDS = ['properties', '$defs', 'definitions', 'patternProperties'] as const
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const
const SCHEMA_KEYWORDS = ['not', 'if', 'then', 'else', 'contains', 'propertyNames'] as const
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const
const COUNT_KEYWORDS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties'
] as const
const STRING_KEYWORDS = ['description', 'title', 'pattern', 'format', '$ref', '$schema', '$id'] as const
/** Deeper nesting than this is almost certainly a generator bug (or a recursion bomb). */
const MAX_DEPTH = 32

/** Returns every problem found (empty when the schema is usable), each with a JSON path. */
export function checkToolSchema(schema: unknown): string[] {
  const problems: string[] = []
  if (!isPlainObject(schema)) return ['input schema must be a JSON object']
  if (schema.type !== 'object') problems.push('input schema: root "type" must be "object"')
  try {
    JSON.stringify(schema)
  } catch {
    return [...problems, 'input schema is not JSON-serialisable']
  }
  checkNode(schema, '$', 0, problems)
  return problems
}

function checkNode(node: unknown, path: string, depth: number, problems: string[]): void {
  if (typeof node === 'boolean') return
  if (!isPlainObject(node)) {
    problems.push(`${path}: a schema must be an object or a boolean`)
    return
  }
  if (depth > MAX_DEPTH) {
    problems.push(`${path}: nested deeper than ${MAX_DEPTH} levels`)
    return
  }
  checkType(node.type, path, problems)
  checkRequired(node, path, problems)
  checkEnum(node, path, problems)
  checkScalars(node, path, problems)
  checkChildren(node, path, depth, problems)
}

function checkType(type: unknown, path: string, problems: string[]): void {
  if (type === undefined) return
  const types = Array.isArray(type) ? type : [type]
  if (types.length === 0 || !types.every((t) => typeof t === 'string' && JSON_TYPES.has(t))) {
    problems.push(`${path}.type: must be one of ${[...JSON_TYPES].join(', ')} (or a list of them)`)
  }
}

function checkRequired(node: Record<string, unknown>, path: string, problems: string[]): void {
  const required = node.required
  if (required === undefined) return
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) {
    problems.push(`${path}.required: must be a list of property names`)
    return
  }
  if (new Set(required).size !== required.length) problems.push(`${path}.required: lists a property twice`)
}

function checkEnum(node: Record<string, unknown>, path: string, problems: string[]): void {
  if (node.enum === undefined) return
  if (!Array.isArray(node.enum) || node.enum.length === 0)
    problems.push(`${path}.enum: must be a non-empty list`)
}

function checkScalars(node: Record<string, unknown>, path: string, problems: string[]): void {
  for (const key of NUMBER_KEYWORDS) {
    const value = node[key]
    // Draft-4 style boolean exclusive bounds are still common in the wild.
    if (value !== undefined && typeof value !== 'number' && typeof value !== 'boolean')
      problems.push(`${path}.${key}: must be a number`)
  }
  for (const key of COUNT_KEYWORDS) {
    const value = node[key]
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
      problems.push(`${path}.${key}: must be a non-negative integer`)
  }
  for (const key of STRING_KEYWORDS) {
    if (node[key] !== undefined && typeof node[key] !== 'string')
      problems.push(`${path}.${key}: must be a string`)
  }
  if (typeof node.pattern === 'string') {
    try {
      new RegExp(node.pattern, 'u')
    } catch {
      problems.push(`${path}.pattern: is not a valid regular expression`)
    }
  }
}

function checkChildren(node: Record<string, unknown>, path: string, depth: number, problems: string[]): void {
  for (const key of SCHEMA_MAP_KEYWORDS) {
    const map = node[key]
    if (map === undefined) continue
    if (!isPlainObject(map)) {
      problems.push(`${path}.${key}: must be an object of schemas`)
      continue
    }
    for (const [name, child] of Object.entries(map))
      checkNode(child, `${path}.${key}.${name}`, depth + 1, problems)
  }
  for (const key of SCHEMA_LIST_KEYWORDS) {
    const list = node[key]
    if (list === undefined) continue
    if (!Array.isArray(list) || list.length === 0) {
      problems.push(`${path}.${key}: must be a non-empty list of schemas`)
      continue
    }
    list.forEach((child, i) => checkNode(child, `${path}.${key}[${i}]`, depth + 1, problems))
  }
  for (const key of SCHEMA_KEYWORDS) {
    if (node[key] !== undefined) checkNode(node[key], `${path}.${key}`, depth + 1, problems)
  }
  checkItems(node.items, path, depth, problems)
  const additional = node.additionalProperties
  if (additional !== undefined) checkNode(additional, `${path}.additionalProperties`, depth + 1, problems)
}

function checkItems(items: unknown, path: string, depth: number, problems: string[]): void {
  if (items === undefined) return
  if (Array.isArray(items))
    items.forEach((child, i) => checkNode(child, `${path}.items[${i}]`, depth + 1, problems))
  else checkNode(items, `${path}.items`, depth + 1, problems)
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
