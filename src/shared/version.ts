/** Hearth's version, as package.json says it (a test keeps the two equal). */
export const HEARTH_VERSION = '0.1.0'
