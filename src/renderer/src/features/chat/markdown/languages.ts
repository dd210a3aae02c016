import type { LanguageFn } from 'highlight.js'
import { createLowlight } from 'lowlight'
import bash from 'highlight.js/lib/languages/bash'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import python from 'highlight.js/lib/languages/python'
import shell from 'highlight.js/lib/languages/shell'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

/**
 * The languages a reply's code blocks are highlighted in. A dozen everyday ones are bundled
 * with the app; every other highlight.js language is its own small chunk, fetched from the
 * app's own files the first time a block names it (never from the network, never all at once).
 */
const BUNDLED: Readonly<Record<string, LanguageFn>> = {
  bash,
  css,
  diff,
  javascript,
  json,
  markdown,
  python,
  shell,
  sql,
  typescript,
  xml,
  yaml
}

/** Fence names people write that are not highlight.js file names. */
const ALIASES: Readonly<Record<string, string>> = {
  sh: 'bash',
  zsh: 'bash',
  console: 'shell',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  yml: 'yaml',
  md: 'markdown',
  html: 'xml',
  svg: 'xml',
  rs: 'rust',
  golang: 'go',
  rb: 'ruby',
  kt: 'kotlin',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  hpp: 'cpp',
  h: 'c',
  ps1: 'powershell',
  pwsh: 'powershell',
  toml: 'ini',
  dockerfile: 'dockerfile',
  docker: 'dockerfile',
  make: 'makefile',
  tex: 'latex',
  patch: 'diff',
  jsonc: 'json',
  ex: 'elixir',
  exs: 'elixir',
  hs: 'haskell',
  pl: 'perl',
  proto: 'protobuf',
  gql: 'graphql'
}

/**
 * One highlighter for every reply, so each grammar is compiled once per app run, not once per
 * message render; it holds only what is registered here (never lowlight's `common` set).
 * Fence tags go through `canonicalLanguage` first, so no aliases are registered with it.
 */
export const highlighter = createLowlight(BUNDLED)

// The bundled ones are left out of the lazy set so each language lives in exactly one chunk.
const loaders = import.meta.glob<{ default: LanguageFn }>([
  '../../../../../../node_modules/highlight.js/es/languages/*.js',
  '!../../../../../../node_modules/highlight.js/es/languages/*.js.js',
  '!../../../../../../node_modules/highlight.js/es/languages/{bash,css,diff,javascript,json,markdown,python,shell,sql,typescript,xml,yaml}.js'
])
const loaderByName = new Map(
  Object.entries(loaders).map(([path, load]) => [/([^/]+)\.js$/.exec(path)?.[1] ?? path, load])
)
const pending = new Map<string, Promise<boolean>>()

/** The highlight.js name for a fence's language tag (`ts` → `typescript`), lower-cased. */
export function canonicalLanguage(tag: string): string {
  const lower = tag.toLowerCase()
  return ALIASES[lower] ?? lower
}

/** True when a block in this language can be highlighted without loading anything. */
export function isLanguageReady(tag: string): boolean {
  return highlighter.registered(canonicalLanguage(tag))
}

/** True when highlight.js knows the language at all (bundled or as a chunk). */
export function isKnownLanguage(tag: string): boolean {
  const name = canonicalLanguage(tag)
  return highlighter.registered(name) || loaderByName.has(name)
}

/**
 * Loads one language chunk (once, however many blocks ask). Resolves true when it is now
 * registered, false for a tag highlight.js does not know (the block stays plain text).
 */
export function loadLanguage(tag: string): Promise<boolean> {
  const name = canonicalLanguage(tag)
  if (highlighter.registered(name)) return Promise.resolve(true)
  const load = loaderByName.get(name)
  if (!load) return Promise.resolve(false)
  let loading = pending.get(name)
  if (!loading) {
    loading = load().then(
      (module) => {
        highlighter.register(name, module.default)
        return true
      },
      () => {
        pending.delete(name)
        return false
      }
    )
    pending.set(name, loading)
  }
  return loading
}
