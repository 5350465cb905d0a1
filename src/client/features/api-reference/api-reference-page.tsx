// /resources/api: how to make a token and call the API, then the OpenAPI document (/api/openapi.json) rendered by
// Swagger UI: every operation by tag with its parameters, request and response schemas and errors, and a filter.
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Alert, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { apiGet } from '../../api/http';
import { lazyComponent } from '../../shell/lazy-chunk';

type OpenApiDocument = { openapi: string; info: { title: string; version: string } };

const OPENAPI_URL = '/api/openapi.json';
// Swagger UI and its styles are large: their own chunk, loaded with this screen only (and not precached for offline
// use: the document it shows is read from the API, which is never available offline).
const SwaggerView = lazyComponent<{ spec: object }>(
  'api_reference_view',
  () => import('./swagger-view'),
  'SwaggerView',
);

export function ApiReferencePage() {
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => apiGet<OpenApiDocument>(OPENAPI_URL, { signal }),
    staleTime: 5 * 60_000,
  });
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
            its <code>version</code>), 429 when the token made too many calls this minute (wait{' '}
            <code>Retry-After</code> seconds). Each operation below lists the errors it can answer.
          </p>
          <p className="mb-0 mt-2">
            Every answer to a token carries <code>RateLimit-Policy</code> (its calls a minute) and{' '}
            <code>RateLimit</code> (<code>r</code>: the calls left, <code>t</code>: the seconds until the
            minute ends).
          </p>
        </Card.Body>
      </Card>
      {doc.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {doc.isError ? <Alert variant="danger">{doc.error.message}</Alert> : null}
      {doc.data ? (
        <Suspense fallback={<Spinner animation="border" size="sm" role="status" aria-label="Loading" />}>
          <SwaggerView spec={doc.data} />
        </Suspense>
      ) : null}
    </>
  );
}
