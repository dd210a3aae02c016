import { isPlainObject } from './schemaCheck'

/**
 * Checks tool arguments against the tool's JSON Schema before `tool_call` runs the real tool.
 * A direct tool call is constrained by the API against the schema it was given; a call routed
 * through `tool_call` is not (the model only saw the schema in a `tool_describe` result), so
 * the bridge validates here and gives the model precise messages to correct itself with.
 *
 * Covers the structural subset tools use: type, properties, required, additionalProperties,
 * items, enum, const, anyOf/oneOf/allOf and the common bounds. `$ref` is not followed
 * (accepted as is): the real tool still validates its own input.
 */
export function checkArguments(schema: unknown, value: unknown): string[] {
  const problems: string[] = []
  checkValue(schema, value, 'arguments', problems)
  return problems.slice(0, 20)
}

function checkValue(schema: unknown, value: unknown, path: string, problems: string[]): void {
  if (schema === false) {
    problems.push(`${path}: is not allowed`)
    return
  }
  if (!isPlainObject(schema) || typeof schema.$ref === 'string') return
  if (schema.type !== undefined && !matchesType(schema.type, value)) {
    problems.push(`${path}: expected ${describeType(schema.type)}, got ${typeName(value)}`)
    return
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) {
    problems.push(`${path}: must be one of ${schema.enum.map((o) => JSON.stringify(o)).join(', ')}`)
  }
  if (schema.const !== undefined && !sameJson(schema.const, value))
    problems.push(`${path}: must be ${JSON.stringify(schema.const)}`)
  checkCombinators(schema, value, path, problems)
  if (typeof value === 'string') checkString(schema, value, path, problems)
  if (typeof value === 'number') checkNumber(schema, value, path, problems)
  if (Array.isArray(value)) checkArray(schema, value, path, problems)
  else if (isPlainObject(value)) checkObject(schema, value, path, problems)
}

function checkCombinators(
  schema: Record<string, unknown>,
  value: unknown,
  path: string,
  problems: string[]
): void {
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) checkValue(part, value, path, problems)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (!Array.isArray(options)) continue
    const fits = options.filter((option) => {
      const inner: string[] = []
      checkValue(option, value, path, inner)
      return inner.length === 0
    }).length
    if (fits === 0) problems.push(`${path}: matches none of the allowed shapes (${key})`)
    else if (key === 'oneOf' && fits > 1) problems.push(`${path}: matches more than one shape (oneOf)`)
  }
}

function checkObject(
  schema: Record<string, unknown>,
  value: Record<string, unknown>,
  path: string,
  problems: string[]
): void {
  const properties = isPlainObject(schema.properties) ? schema.properties : {}
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && value[name] === undefined) problems.push(`${path}.${name}: is required`)
    }
  }
  for (const [name, child] of Object.entries(value)) {
    if (Object.hasOwn(properties, name)) checkValue(properties[name], child, `${path}.${name}`, problems)
    else if (schema.additionalProperties === false)
      problems.push(
        `${path}.${name}: is not a known parameter (allowed: ${Object.keys(properties).join(', ') || 'none'})`
      )
    else if (isPlainObject(schema.additionalProperties))
      checkValue(schema.additionalProperties, child, `${path}.${name}`, problems)
  }
}

function checkArray(
  schema: Record<string, unknown>,
  value: readonly unknown[],
  path: string,
  problems: string[]
): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems)
    problems.push(`${path}: needs at least ${schema.minItems} items`)
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
    problems.push(`${path}: allows at most ${schema.maxItems} items`)
  if (isPlainObject(schema.items))
    value.forEach((item, i) => checkValue(schema.items, item, `${path}[${i}]`, problems))
}

function checkString(schema: Record<string, unknown>, value: string, path: string, problems: string[]): void {
  const length = [...value].length
  if (typeof schema.minLength === 'number' && length < schema.minLength)
    problems.push(`${path}: must be at least ${schema.minLength} characters`)
  if (typeof schema.maxLength === 'number' && length > schema.maxLength)
    problems.push(`${path}: must be at most ${schema.maxLength} characters`)
  if (typeof schema.pattern === 'string') {
    try {
      if (!new RegExp(schema.pattern, 'u').test(value))
        problems.push(`${path}: does not match the pattern ${schema.pattern}`)
    } catch {
      // An invalid pattern was already reported when the schema was checked; do not block the call on it.
    }
  }
}

function checkNumber(schema: Record<string, unknown>, value: number, path: string, problems: string[]): void {
  if (typeof schema.minimum === 'number' && value < schema.minimum)
    problems.push(`${path}: must be ≥ ${schema.minimum}`)
  if (typeof schema.maximum === 'number' && value > schema.maximum)
    problems.push(`${path}: must be ≤ ${schema.maximum}`)
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
    problems.push(`${path}: must be > ${schema.exclusiveMinimum}`)
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
    problems.push(`${path}: must be < ${schema.exclusiveMaximum}`)
}

function matchesType(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type]
  return types.some((t) => {
    switch (t) {
      case 'object':
        return isPlainObject(value)
      case 'array':
        return Array.isArray(value)
      case 'integer':
        return Number.isInteger(value)
      case 'number':
        return typeof value === 'number' && Number.isFinite(value)
      case 'null':
        return value === null
      case 'string':
      case 'boolean':
        return typeof value === t
      default:
        return true
    }
  })
}

function describeType(type: unknown): string {
  return Array.isArray(type) ? type.join(' or ') : String(type)
}

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (Number.isInteger(value)) return 'integer'
  return typeof value
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
