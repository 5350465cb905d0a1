import { describe, expect, it } from 'vitest';
import { endpointsOf, filterEndpoints } from './api-reference-page';

const doc = {
  openapi: '3.0.3',
  info: { title: 'SD6 API', version: '0.1.0' },
  paths: {
    '/api/manage/slip/{id}': {
      post: { summary: 'Save a slip', tags: ['manage/slip'], responses: {} },
      get: { tags: ['manage/slip'], responses: {} },
      parameters: [],
    },
    '/api/admin/staff': { get: { summary: 'Staff list', tags: ['admin/staff'], responses: {} } },
    '/api/history/{entity}/{id}': { get: { responses: {} } },
  },
} as unknown as Parameters<typeof endpointsOf>[0];

describe('API reference', () => {
  it('lists the operations by tag, path and method, skipping non-operation keys', () => {
    expect(endpointsOf(doc).map((e) => `${e.tag} ${e.method} ${e.path}`)).toEqual([
      'admin/staff GET /api/admin/staff',
      'api GET /api/history/{entity}/{id}',
      'manage/slip GET /api/manage/slip/{id}',
      'manage/slip POST /api/manage/slip/{id}',
    ]);
  });

  it('filters on every word of method, path, tag and summary', () => {
    const all = endpointsOf(doc);
    expect(filterEndpoints(all, '')).toHaveLength(4);
    expect(filterEndpoints(all, 'post slip').map((e) => e.method)).toEqual(['POST']);
    expect(filterEndpoints(all, 'STAFF list').map((e) => e.path)).toEqual(['/api/admin/staff']);
    expect(filterEndpoints(all, 'nothing here')).toEqual([]);
  });
});
