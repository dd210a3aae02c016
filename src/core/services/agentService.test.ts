import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../tests/helpers/tempHome'
import { dispatch } from '../rpc/dispatch'
import { createCore, type Core } from '../createCore'
import { testId } from '../../shared/testing/ids'

let temp: ReturnType<typeof makeTempDir>
let core: Core
beforeEach(() => {
  temp = makeTempDir()
  core = createCore({ home: join(temp.dir, 'home'), host: 'web', env: {} })
})
afterEach(() => {
  core.dispose()
  temp.cleanup()
})

describe('agent display names', () => {
  it('refuses a second agent with a name that reads the same, naming the agent that has it', () => {
    const agents = core.services.agents
    agents.create('Research')
    for (const name of ['Research', 'research', '  RESEARCH ', 'Ｒesearch']) {
      expect(() => agents.create(name, testId.agent(`r-${agents.list().length}-${name.length}`))).toThrow(
        'An agent named "Research" already exists (id research)'
      )
    }
    expect(agents.list().map((agent) => agent.name)).toEqual(['Research'])
  })

  it("refuses a rename onto another agent's name but lets an agent change the case of its own", () => {
    const agents = core.services.agents
    agents.create('Research')
    agents.create('Coder')
    expect(() => agents.rename(testId.agent('coder'), 'research ')).toThrow(/already exists \(id research\)/)
    expect(agents.get(testId.agent('coder')).name).toBe('Coder')
    expect(agents.rename(testId.agent('research'), 'RESEARCH').name).toBe('RESEARCH')
  })

  it('frees the name of a deleted agent', () => {
    const agents = core.services.agents
    agents.create('Research')
    agents.delete(testId.agent('research'))
    expect(agents.create('Research').id).toBe('research')
  })

  it('adopts a hand-made folder under a name no other agent shows', () => {
    const agents = core.services.agents
    agents.create('research', testId.agent('lab'))
    mkdirSync(join(core.services.paths.agents, 'research'))
    expect(agents.list().map((agent) => [agent.id, agent.name])).toEqual([
      ['lab', 'research'],
      ['research', 'research 2']
    ])
  })

  it('reports the refusal through the contract as a conflict with the same message', async () => {
    await dispatch(core.handlers, { method: 'agents.create', input: { name: 'Scribe' } })
    const again = await dispatch(core.handlers, {
      method: 'agents.create',
      input: { name: 'scribe', id: 'scribe-two' }
    })
    expect(again).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message:
          'An agent named "Scribe" already exists (id scribe). Pick another name, or rename that agent first.'
      }
    })
  })
})
