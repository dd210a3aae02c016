import type { SkillsView } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/** What the Skills screen's right side shows: the agent's whole skills index, or one skill's SKILL.md. */
export type SkillSelection = { readonly kind: 'index' } | { readonly kind: 'skill'; readonly path: string }

export interface NewSkillInput {
  readonly name: string
  readonly category: string | null
  readonly description: string
}

/** The Skills screen: the skills folder as the selected agent's index sees it. */
export interface SkillsSlice {
  readonly skillsView: SkillsView | null
  readonly skillsError: string | null
  readonly skillSelection: SkillSelection
  readonly loadSkills: () => Promise<void>
  readonly selectSkill: (selection: SkillSelection) => void
  readonly setSkillEnabled: (path: string, enabled: boolean) => Promise<ActionResult>
  /** Creates the skill and opens its SKILL.md. */
  readonly createSkill: (input: NewSkillInput) => Promise<ActionResult>
  /** A SKILL.md was saved (here, in another window or on disk): names, costs and scans may have changed. */
  readonly receiveSkillsChanged: () => void
}

export function createSkillsSlice(api: ApiClient): SliceCreator<SkillsSlice> {
  return (set, get) => ({
    skillsView: null,
    skillsError: null,
    skillSelection: { kind: 'index' },
    async loadSkills() {
      const agentId = get().selectedAgentId
      if (agentId === null) return
      try {
        const view = await api.call('skills.list', { agentId })
        // An answer for an agent the user has left behind is dropped.
        if (get().selectedAgentId === agentId) set({ skillsView: view, skillsError: null })
      } catch (error) {
        set({ skillsError: errorMessage(error) })
      }
    },
    selectSkill(selection) {
      set({ skillSelection: selection })
    },
    async setSkillEnabled(path, enabled) {
      const agentId = get().selectedAgentId
      if (agentId === null) return { ok: false, message: 'Pick an agent first.' }
      try {
        const view = await api.call('skills.setEnabled', { agentId, path, enabled })
        if (get().selectedAgentId === agentId) set({ skillsView: view, skillsError: null })
        return { ok: true, value: undefined }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    async createSkill(input) {
      try {
        const { path } = await api.call('skills.create', input)
        set({ skillSelection: { kind: 'skill', path } })
        await get().loadSkills()
        return { ok: true, value: undefined }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    receiveSkillsChanged() {
      if (get().skillsView !== null) void get().loadSkills()
    }
  })
}

export const selectSkillsView = (state: AppState): SkillsView | null => state.skillsView
export const selectSkillSelection = (state: AppState): SkillSelection => state.skillSelection
