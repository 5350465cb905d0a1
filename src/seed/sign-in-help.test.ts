// The start-up lines: where to sign in, and with demo data one administrator and one technician to try both menus.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signInHelp } from './index.js';

describe('signInHelp', () => {
  it('names a demo administrator and a demo technician (non-administrator) with the demo password', () => {
    const text = signInHelp(
      'http://127.0.0.1:3000',
      { adminEmail: '', generatedPassword: null, demo: true },
      'a@b.co',
    );
    expect(text).toContain('SD6 is running at http://127.0.0.1:3000');
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toMatch(/tech01@sd6\.local\s+an administrator/);
    expect(text).toMatch(/tech03@sd6\.local\s+a technician/);
  });

  it('shows a generated first password once, and no demo users without demo data', () => {
    const text = signInHelp(
      'http://x',
      { adminEmail: 'admin@sd6.local', generatedPassword: 'pw123', demo: false },
      '',
    );
    expect(text).toContain('sign in as admin@sd6.local with password pw123');
    expect(text).not.toContain('Demo users');
  });
});
