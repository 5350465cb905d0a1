// Every route with a screen is found in the areas' screens.ts files, at the module its loader imports: the build lists
// each route's chunks from this, and a screen it missed would be announced with no chunks at all.
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../src/client/features/areas';
import { signInScreens } from '../src/client/features/auth/screens';
import { screenModules } from './screen-modules';

describe('screenModules', () => {
  const modules = screenModules(process.cwd());

  it('finds every screen route of the client, and only those', () => {
    const routes = [...Object.keys(SCREENS), ...Object.keys(signInScreens)].sort();
    expect([...modules.keys()].sort()).toEqual(routes);
  });

  it('names the module each loader imports, inline or through a named loader', async () => {
    expect(modules.get('agreement_basics')).toBe('src/client/features/agreements/agreement-screens.tsx');
    expect(modules.get('report_device')).toBe('src/client/features/reports/report-screens.tsx');
    expect(modules.get('report_bill_list')).toBe('src/client/features/reports/bill-list-page.tsx');
    expect(modules.get('forgot_password')).toBe('src/client/features/auth/forgot-password-pages.tsx');
    // The module really has the screen's export.
    for (const [route, screen] of Object.entries(SCREENS).slice(0, 12)) {
      const loaded = (await import(`../${modules.get(route)}`)) as Record<string, unknown>;
      expect(typeof loaded[screen!.name], route).toBe('function');
    }
  });
});
