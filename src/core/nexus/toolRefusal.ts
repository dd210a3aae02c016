import { HearthError } from '../errors'
import { ToolError } from '../tools/runTool'

/** A refusal from the log's rules, as a clean tool error the model can act on (no stack, no prefix). */
export function asToolError<T>(work: () => T): T {
  try {
    return work()
  } catch (error) {
    if (error instanceof HearthError) throw new ToolError(error.message)
    throw error
  }
}
