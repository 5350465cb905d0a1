// The route table's environment rule and the chunk-load error text.
import { describe, expect, it } from 'vitest';
import { chunkLoadError, screenNames } from './app-routes';
import { SCREEN_AREAS } from './features/areas';

describe('screens', () => {
  it('has the platform screens in every environment', () => {
    for (const environment of ['dev', 'design', 'staging', 'prod'] as const) {
      expect(screenNames({ environment, alt: false })).toEqual(
        expect.arrayContaining(['profile', 'profile_history', 'staff', 'staff_basics', 'staff_history']),
      );
    }
  });

  it('gives each screen route one area', () => {
    const names = SCREEN_AREAS.flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
  });

  it('offers the UI kit outside production only', () => {
    expect(screenNames({ environment: 'dev', alt: false })).toContain('ui_kit');
    expect(screenNames({ environment: 'staging', alt: false })).toContain('ui_kit');
    expect(screenNames({ environment: 'prod', alt: false })).not.toContain('ui_kit');
  });
});

describe('chunk load failure', () => {
  it('names the chunk, the type and the URL (SPEC §8)', () => {
    const error = chunkLoadError(
      'staff',
      new TypeError('Failed to fetch dynamically imported module: http://x.test/build/staff-list-page-1.js'),
    );
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toBe(
      'Loading chunk staff failed.\n(error: http://x.test/build/staff-list-page-1.js)',
    );
  });
});
