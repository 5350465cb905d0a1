// The examples of the OpenAPI document: answers of the demo data, trimmed, one per GET operation with a JSON answer
// and one per webhook event. `npm run api:examples` (scripts/openapi-examples.ts) writes openapi-examples.json; the
// JSON is bundled with the server (esbuild inlines it), so the built server needs no file beside it.
import examples from './openapi-examples.json' with { type: 'json' };

/** An OpenAPI 3.1 Media Type Object's `examples`: one named example. */
export type MediaExamples = { demo: { summary: string; value: unknown } };

const { operations, webhooks } = examples as unknown as {
  operations: Record<string, unknown>;
  webhooks: Record<string, unknown>;
};

const named = (value: unknown): MediaExamples | undefined =>
  value === undefined ? undefined : { demo: { summary: 'From the demo data', value } };

/** The example of GET `path` (an OpenAPI path, /api/a/{id}), if the demo data gave one. */
export const operationExample = (path: string) =>
  named(Object.hasOwn(operations, `GET ${path}`) ? operations[`GET ${path}`] : undefined);

/** The example of a webhook event's request body, if the demo data gave one. */
export const webhookExample = (type: string) =>
  named(Object.hasOwn(webhooks, type) ? webhooks[type] : undefined);
