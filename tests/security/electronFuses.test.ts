import { FuseV1Options, FuseVersion } from '@electron/fuses'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The packaged app's fuse wire as it must be: every fuse Electron knows, each set the safe way. */
const EXPECTED: Record<keyof typeof FuseV1Options, boolean> = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  GrantFileProtocolExtraPrivileges: false
}

interface BuilderInternals {
  PlatformPackager: { prototype: { generateFuseConfig(fuses: unknown): Promise<Record<string, unknown>> } }
  getConfig(projectDir: string, configPath: null, fromOptions: null): Promise<{ electronFuses?: unknown }>
  validateConfiguration(config: unknown, logger: unknown): Promise<void>
  DebugLogger: new (enabled: boolean) => unknown
}

async function builderInternals(): Promise<BuilderInternals> {
  // The package index first: it resolves app-builder-lib's circular imports in the right order.
  const { PlatformPackager } = (await import('app-builder-lib')) as unknown as Pick<
    BuilderInternals,
    'PlatformPackager'
  >
  const { getConfig, validateConfiguration } =
    (await import('app-builder-lib/out/util/config/config')) as unknown as BuilderInternals
  const { DebugLogger } = (await import('builder-util')) as unknown as Pick<BuilderInternals, 'DebugLogger'>
  return { PlatformPackager, getConfig, validateConfiguration, DebugLogger }
}

describe('Electron fuses of the packaged app', () => {
  it('sets every fuse of this Electron, each to its safe value, as electron-builder reads the config', async () => {
    const builder = await builderInternals()
    const config = await builder.getConfig(join(__dirname, '../..'), null, null)
    await builder.validateConfiguration(config, new builder.DebugLogger(false))
    const fuses = await builder.PlatformPackager.prototype.generateFuseConfig.call({}, config.electronFuses)

    expect(fuses.version).toBe(FuseVersion.V1)
    const names = Object.keys(FuseV1Options).filter((name) =>
      Number.isNaN(Number(name))
    ) as (keyof typeof FuseV1Options)[]
    expect(names.sort()).toEqual(Object.keys(EXPECTED).sort())
    for (const name of names) expect(fuses[FuseV1Options[name]], name).toBe(EXPECTED[name])
  })
})
