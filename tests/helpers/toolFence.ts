import { TOOL_FENCE_TAG } from '../../src/core/tools/toolFence'

/**
 * The text inside an outside tool's result fence; throws when the result is not fenced (every
 * MCP result must be), so a test reading a result also proves the fence is there.
 */
export function unfenced(content: string): string {
  const lines = content.split('\n')
  if (
    lines[0] !== `<${TOOL_FENCE_TAG}>` ||
    !lines[1]?.startsWith('[Hearth tool result:') ||
    lines.at(-1) !== `</${TOOL_FENCE_TAG}>`
  )
    throw new Error(`not a fenced tool result: ${content.slice(0, 200)}`)
  return lines.slice(2, -1).join('\n')
}
