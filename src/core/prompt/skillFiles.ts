import { dirname, join } from 'node:path'
import { invalidInput } from '../errors'
import { realPathWithin } from '../home/containedPath'

/**
 * A SKILL.md inside the skills folder. The path's form is checked by the contract; here its real
 * location is: a skill folder that links out of the skills folder is not opened or written through.
 */
export function resolveSkillFile(root: string, relPath: string): string {
  const path = join(root, ...relPath.split('/'))
  const file = realPathWithin(path, root, `skills/${relPath}`)
  if (file.ok) return path
  if (!file.missing) throw invalidInput(`${file.reason}.`)
  // A new file: its nearest existing folder must lie inside too, or the save would create folders elsewhere.
  for (let dir = dirname(path); dir.length >= root.length; dir = dirname(dir)) {
    const folder = realPathWithin(dir, root, 'The skill folder')
    if (folder.ok) return path
    if (!folder.missing) throw invalidInput(`${folder.reason}.`)
  }
  return path
}
