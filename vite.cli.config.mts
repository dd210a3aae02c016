import { builtinModules } from 'node:module'
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

/** Builds the Electron-free hosts (the `hearth` CLI, `hearth serve`, `hearth mcp`) for plain Node. */
const external = [
  // zod is bundled: one chunk loads faster than its ninety-odd files, on every CLI start and serve.
  ...Object.keys(pkg.dependencies).filter((dep) => dep !== 'zod'),
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`)
]

export default defineConfig({
  ssr: { noExternal: ['zod'] },
  build: {
    ssr: resolve(import.meta.dirname, 'src/cli/main.ts'),
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
      // Chunks beside main.js: commands load the core, the web host and the bench on first use, and
      // a path taken from __dirname means the same in every chunk.
      output: { format: 'cjs', entryFileNames: 'main.js', chunkFileNames: '[name]-[hash].js' }
    }
  }
})
