// /resources/api: how to make a token and call the API, then every endpoint of the OpenAPI document
// (/api/openapi.json) grouped by tag, with its parameters and request and response schemas; a filter box.
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Badge, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { apiGet } from '../../api/http';
import { TextInput } from '../../ui';

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
};

export type Endpoint = { method: string; path: string; tag: string; operation: Operation };

const OPENAPI_URL = '/api/openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];
const METHOD_COLORS: Record<string, string> = {
  GET: 'primary',
  HEAD: 'secondary',
  POST: 'success',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'danger',
};

/** The document's operations as a flat list, ordered by tag, path and method. */
export function endpointsOf(doc: OpenApiDocument): Endpoint[] {
  const list: Endpoint[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      list.push({ method: method.toUpperCase(), path, tag: operation.tags?.[0] ?? 'api', operation });
    }
  }
  return list.sort(
    (a, b) =>
      a.tag.localeCompare(b.tag) ||
      a.path.localeCompare(b.path) ||
      METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase()),
  );
}

/** Endpoints whose method, path, tag or summary contain every word of the filter. */
export function filterEndpoints(endpoints: Endpoint[], filter: string): Endpoint[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return endpoints;
  return endpoints.filter((e) => {
    const text = `${e.method} ${e.path} ${e.tag} ${e.operation.summary ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function ApiReferencePage() {
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => apiGet<OpenApiDocument>(OPENAPI_URL, { signal }),
    staleTime: 5 * 60_000,
  });
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const endpoints = useMemo(() => (doc.data ? endpointsOf(doc.data) : []), [doc.data]);
  const shown = useMemo(() => filterEndpoints(endpoints, deferred), [endpoints, deferred]);
  const groups = useMemo(() => {
    const map = new Map<string, Endpoint[]>();
    for (const e of shown) map.set(e.tag, [...(map.get(e.tag) ?? []), e]);
    return [...map.entries()];
  }, [shown]);
  const origin = window.location.origin;

  return (
    <>
      <div className="sd-page-head">
        <div>
          <h1 className="h4 mb-0">API Reference</h1>
          {doc.data ? (
            <div className="text-body-secondary small">
              {doc.data.info.title} {doc.data.info.version} · OpenAPI {doc.data.openapi}
            </div>
          ) : null}
        </div>
        <a href={OPENAPI_URL} download="openapi.json" className="btn btn-sm btn-outline-secondary">
          Download openapi.json
        </a>
      </div>
      <Card className="sd-card mb-3">
        <Card.Header>
          <h2 className="h6 mb-0">Calling the API</h2>
        </Card.Header>
        <Card.Body className="small">
          <ol className="mb-2 ps-3">
            <li>
              Create a personal API token under{' '}
              <Link to={`${pathFor('profile')}#api-tokens`}>Profile → API Tokens</Link>: give it a name, a
              scope (<em>Read only</em> allows GET and HEAD; <em>Read and write</em> every call you may make
              yourself) and an expiry. Copy it when it is shown: it is shown once.
            </li>
            <li>
              Send it in the <code>Authorization</code> header. A token can do exactly what you can: an
              administrators-only call with a technician's token is refused with 403.
            </li>
          </ol>
          <pre className="bg-body-tertiary border rounded p-2 mb-2 sd-api-code" data-testid="curl-example">
            {`curl -H "Authorization: Bearer sd6_…" ${origin}/api/user/settings\n\ncurl -X POST -H "Authorization: Bearer sd6_…" -H "Content-Type: application/json" \\\n  -d '{"name":"…"}' ${origin}/api/…`}
          </pre>
          <p className="mb-0">
            Answers are JSON. A refused call answers{' '}
            <code>{'{ message, code, form: { errors, fields } }'}</code>: 400 with messages per field, 401 (
            <code>code: "LOGIN"</code>) for a missing, expired or revoked token, 403 for a call you may not
            make, 404 for a record that does not exist, 409 when the record changed since you read it (send
            its <code>version</code>).
          </p>
        </Card.Body>
      </Card>
      {doc.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {doc.isError ? <Alert variant="danger">{doc.error.message}</Alert> : null}
      {doc.data ? (
        <>
          <div className="row">
            <div className="col-md-6 col-xl-4">
              <TextInput
                label="Filter"
                name="filter"
                type="search"
                placeholder="e.g. slip, POST staff"
                value={filter}
                onChange={setFilter}
                hint={`${shown.length} of ${endpoints.length} endpoints`}
              />
            </div>
          </div>
          {groups.length === 0 ? (
            <p className="text-body-secondary">No endpoint matches the filter.</p>
          ) : null}
          {groups.map(([tag, list]) => (
            <section key={tag} className="mb-4" aria-label={tag}>
              <h2 className="h5 border-bottom pb-1">{tag}</h2>
              {list.map((e) => (
                <EndpointView key={`${e.method} ${e.path}`} endpoint={e} />
              ))}
            </section>
          ))}
        </>
      ) : null}
    </>
  );
}

function EndpointView({ endpoint }: { endpoint: Endpoint }) {
  const { operation } = endpoint;
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(operation.responses ?? {});
  return (
    <details className="sd-api-endpoint border rounded mb-2" data-testid="api-endpoint">
      <summary className="d-flex flex-wrap align-items-center gap-2 px-2 py-1">
        <Badge bg={METHOD_COLORS[endpoint.method] ?? 'secondary'} className="sd-api-method">
          {endpoint.method}
        </Badge>
        <code className="text-break">{endpoint.path}</code>
        {operation.summary ? <span className="text-body-secondary small">{operation.summary}</span> : null}
      </summary>
      <div className="px-2 pb-2 small">
        {operation.description ? <p>{operation.description}</p> : null}
        {operation.parameters?.length ? (
          <>
            <h3 className="h6 mt-2">Parameters</h3>
            <div className="table-responsive">
              <table className="table table-sm mb-2">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">In</th>
                    <th scope="col">Required</th>
                    <th scope="col">Schema</th>
                  </tr>
                </thead>
                <tbody>
                  {operation.parameters.map((p) => (
                    <tr key={`${p.in} ${p.name}`}>
                      <td>
                        <code>{p.name}</code>
                      </td>
                      <td>{p.in}</td>
                      <td>{p.required ? 'Yes' : 'No'}</td>
                      <td>
                        <code className="text-break">{p.schema ? JSON.stringify(p.schema) : ''}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        {body ? (
          <>
            <h3 className="h6 mt-2">Request body</h3>
            <pre className="bg-body-tertiary border rounded p-2 sd-api-code">{json(body)}</pre>
          </>
        ) : null}
        <h3 className="h6 mt-2">Responses</h3>
        {responses.map(([status, response]) => {
          const schema = response.content?.['application/json']?.schema;
          return (
            <div key={status}>
              <strong>{status}</strong> {response.description ?? ''}
              {schema ? (
                <pre className="bg-body-tertiary border rounded p-2 sd-api-code">{json(schema)}</pre>
              ) : null}
            </div>
          );
        })}
      </div>
    </details>
  );
}
