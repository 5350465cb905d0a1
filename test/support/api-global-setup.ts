// Once per API project run: builds the migrated template database the test files copy.
import type { TestProject } from 'vitest/node';
import { createTemplate, type TestDbKind } from './test-db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = (project.config.env?.SD6_TEST_DB ?? 'pglite') as TestDbKind;
  const template = await createTemplate(kind);
  project.provide('dbTemplate', template.location);
  return template.cleanup;
}
