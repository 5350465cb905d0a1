// Zod compiles its object parsers with `new Function` after probing whether eval is allowed. The page's policy
// (script-src 'self', platform/security.ts) forbids eval, so the probe is blocked and reported as a Content Security
// Policy violation on every screen that parses a form: Zod parses without compiling instead.
//
// Zod keeps its settings on globalThis.__zod_globalConfig (shared by every copy of it, made on first load if absent);
// the entry fills it before any schema chunk loads, without importing Zod itself: importing its `config` into the
// entry would move parts of Zod into every first screen. zod-jitless.test.ts holds Zod to that name.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
