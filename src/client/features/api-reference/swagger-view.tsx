// The OpenAPI document rendered by Swagger UI (swagger-ui-react), a well-kept renderer of OpenAPI 3.1. "Try it out"
// calls the API with the signed-in session, so a change carries the X-Requested-With header every browser call
// that changes something needs.
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';

// Swagger UI's request: its headers are a plain object it sends as they are.
const withCsrfHeader = <R extends { [key: string]: unknown }>(request: R): R => {
  (request.headers as Record<string, string>)['X-Requested-With'] = 'XMLHttpRequest';
  return request;
};

export function SwaggerView({ spec }: { spec: object }) {
  return (
    <div className="sd-swagger" data-testid="api-reference-view">
      <SwaggerUI
        spec={spec}
        docExpansion="list"
        defaultModelsExpandDepth={-1}
        deepLinking={false}
        filter
        requestInterceptor={withCsrfHeader}
      />
    </div>
  );
}
