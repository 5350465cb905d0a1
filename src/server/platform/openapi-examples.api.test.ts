// The examples of the OpenAPI document (answers of the demo data, written by `npm run api:examples`): each one matches
// the schema it is documented beside, the document with them is still valid OpenAPI, and most operations carry one.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { makeAdmin, TEST_PASSWORD } from '../../../test/support/factories.js';
import { OPENAPI_PATH } from './openapi.js';
import examples from './openapi-examples.json' with { type: 'json' };

type Schema = Record<string, unknown>;
type Media = { schema?: Schema; examples?: Record<string, { summary?: string; value: unknown }> };
type Operation = {
  responses: Record<string, { content?: Record<string, Media> }>;
  requestBody?: { content: Record<string, Media> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Schema> };
};

let api: ApiHarness;
let document: Document;
beforeAll(async () => {
  api = await setupApi();
  const admin = await makeAdmin(api.db.pool);
  const session = await api.signIn(admin.email, TEST_PASSWORD);
  const res = await session.get(OPENAPI_PATH);
  expect(res.statusCode, res.body).toBe(200);
  document = res.json() as Document;
});
afterAll(() => api?.close());

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/** The schema with the document's shared schemas reachable from it (as the contract test resolves them). */
const validatorOf = (schema: Schema) => {
  const text = JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/');
  return ajv.compile({ ...JSON.parse(text), $defs: document.components.schemas });
};

/** Every JSON media type of the document that carries examples: where it is, its schema, its examples. */
function documentedExamples() {
  const found: { where: string; media: Media }[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations))
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (media?.examples) found.push({ where: `${method.toUpperCase()} ${path} ${status}`, media });
      }
  for (const [type, hook] of Object.entries(document.webhooks)) {
    const media = hook.post.requestBody?.content['application/json'];
    if (media?.examples) found.push({ where: `webhook ${type}`, media });
  }
  return found;
}

describe('the examples of the OpenAPI document', () => {
  it('each match the schema documented beside them', () => {
    const found = documentedExamples();
    expect(found.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const { where, media } of found) {
      expect(media.schema, where).toBeDefined();
      const validate = validatorOf(media.schema!);
      for (const [name, example] of Object.entries(media.examples!)) {
        expect(example.summary, where).toBe('From the demo data');
        if (!validate(example.value))
          problems.push(`${where} (${name}): ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('leave the document valid OpenAPI', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('are given to at least 80 % of the GET operations with a JSON answer, each a small one', () => {
    const operations = Object.entries(document.paths).flatMap(([path, ops]) => {
      const json = ops.get?.responses['200']?.content?.['application/json'];
      return json?.schema ? [{ path, json }] : [];
    });
    const withExample = operations.filter(({ json }) => json.examples?.demo);
    expect(operations.length).toBeGreaterThan(100);
    expect(withExample.length / operations.length).toBeGreaterThanOrEqual(0.8);
    // Every example written is attached to its operation; none is larger than the script lets it be.
    const attached = new Set(withExample.map(({ path }) => `GET ${path}`));
    expect(Object.keys(examples.operations).filter((key) => !attached.has(key))).toEqual([]);
    for (const { path, json } of withExample)
      expect(JSON.stringify(json.examples!.demo!.value).length, path).toBeLessThanOrEqual(4096);
  });

  it('are given to every webhook event the demo data has an example of', () => {
    const written = Object.entries(examples.webhooks);
    expect(written.length).toBeGreaterThan(0);
    for (const [type, value] of written) {
      const media = document.webhooks[type]?.post.requestBody?.content['application/json'];
      expect(media?.examples?.demo?.value, type).toEqual(value);
      expect(value, type).toMatchObject({ type, timestamp: expect.any(String) });
    }
  });
});
