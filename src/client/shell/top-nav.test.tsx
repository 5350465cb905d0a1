// The top navigation as each kind of viewer sees it; the breadcrumb bar on phones.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MenuViewer, menuFor, ROUTES } from '../../shared/routes';
import { screenNames } from '../app-routes';
import { Breadcrumbs } from './breadcrumbs';
import { TopNav } from './top-nav';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// The offline status loads the sync engine after it renders; loaded here first, that import resolves from the module
// cache instead of loading files after the last test, when the environment is gone (an unhandled rejection).
beforeAll(async () => {
  await import('../features/offline/offline-sync');
});

function renderNav(viewer: MenuViewer, userName = 'Ann Lee') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <TopNav menu={menuFor(viewer)} userName={userName} badge="DEV" environment={viewer.environment} />
        ),
      },
    ],
    { initialEntries: ['/profile'] },
  );
  return render(<RouterProvider router={router} />);
}

/** The drop-down menus are a chunk of their own: wait until they have replaced their placeholder toggles. */
const menusLoaded = () => waitFor(() => expect(document.querySelector('[data-menu-pending]')).toBeNull());

/** The links of the open drop-down menu: label (with its tag) and address. */
function menuLinks(): [string, string | null][] {
  const open = document.querySelector('.dropdown-menu.show');
  return Array.from(open?.querySelectorAll('a') ?? []).map((a) => [
    a.textContent ?? '',
    a.getAttribute('href'),
  ]);
}

function topLevel(): string[] {
  const main = screen.getByTestId('main-menu');
  return Array.from(main.children).map((el) => el.textContent ?? '');
}

describe('top navigation', () => {
  // First: later tests find the menus' chunk loaded already.
  it('a menu clicked before its code has loaded opens once it has', async () => {
    renderNav({ isAdmin: false, isDeveloper: false, environment: 'prod' });
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    expect(await screen.findByRole('link', { name: 'Cases & Tasks' })).toHaveAttribute(
      'href',
      '/manage/case',
    );
  });

  it('an administrator gets the admin menu with Staff under Internal Settings', async () => {
    renderNav({ isAdmin: true, isDeveloper: false, environment: 'dev' });
    await menusLoaded();
    expect(topLevel()).toEqual(['Manage', 'Report', 'Admin', 'Resources']);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByText('Client')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Warranty' })).toHaveAttribute('href', '/report/warranty');
    expect(screen.getByRole('link', { name: 'Report History' })).toHaveAttribute(
      'href',
      '/report/report-history',
    );
    expect(screen.getByText('Internal')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bill List' })).toHaveAttribute('href', '/report/bill-list');
    expect(screen.getByRole('link', { name: 'WIP List' })).toHaveAttribute('href', '/report/wip-list');
    expect(screen.getByRole('link', { name: 'Weekly Summary' })).toHaveAttribute(
      'href',
      '/report/weekly-summary',
    );
    expect(screen.getByRole('link', { name: 'Annual Update' })).toHaveAttribute(
      'href',
      '/report/annual-update',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    expect(screen.getByRole('link', { name: 'Charts' })).toHaveAttribute('href', '/manage/charts');
    fireEvent.click(screen.getByRole('button', { name: 'Admin' }));
    expect(screen.getByText('Internal Settings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin/staff');
    expect(screen.getByRole('link', { name: 'Departments' })).toHaveAttribute('href', '/admin/department');
    expect(screen.getByRole('link', { name: 'Buckets' })).toHaveAttribute('href', '/admin/bucket');
    expect(screen.queryByRole('link', { name: /Outlook Webmail/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resources' }));
    expect(menuLinks()).toEqual([
      ['Documentation', '/resources/documentation'],
      ['Documentation (Dev)', '/resources/documentation-dev'],
      ['RMM Scripting Documentation', '/resources/documentation-scripting'],
      ['API Reference', '/resources/api'],
      ['Mail CatcherDEV', '/resources/mail-catcher'],
      ['Monitoring Dashboard', '/resources/monitoring'],
      ['Monitoring Docs', '/resources/documentation-dev/monitoring'],
    ]);
    expect(
      screen.queryByRole('link', { name: /Jobs|Design Prototype|Database Admin/ }),
    ).not.toBeInTheDocument();
  });

  it('a non-administrator gets the reduced menu: Create Case, cases only, Resources with Outlook Webmail', async () => {
    renderNav({ isAdmin: false, isDeveloper: false, environment: 'prod' });
    await menusLoaded();
    expect(topLevel()).toEqual(['Create Case', 'Manage', 'Resources']);
    expect(screen.getByRole('link', { name: 'Create Case' })).toHaveAttribute('href', '/manage/case/create');
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    expect(screen.getByRole('link', { name: 'Cases & Tasks' })).toHaveAttribute('href', '/manage/case');
    expect(screen.queryByRole('link', { name: 'Organizations' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resources' }));
    expect(menuLinks()).toEqual([
      ['Documentation', '/resources/documentation'],
      ['RMM Scripting Documentation', '/resources/documentation-scripting'],
      ['Outlook Webmail', 'https://outlook.office.com/mail/'],
    ]);
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Monitoring|Mail Catcher/ })).not.toBeInTheDocument();
  });

  it('a primary developer also gets Jobs and the Design Prototype tagged DEV, the prototype outside production only', async () => {
    const { unmount } = renderNav({ isAdmin: true, isDeveloper: true, environment: 'staging' });
    await menusLoaded();
    expect(topLevel()).toEqual(['Manage', 'Report', 'Admin', 'Resources']);
    fireEvent.click(screen.getByRole('button', { name: 'Resources' }));
    const item = screen.getByRole('link', { name: /Design Prototype/ });
    expect(item).toHaveAttribute('href', '/resources/ui-kit');
    expect(within(item).getByText('DEV')).toBeInTheDocument();
    const jobs = screen.getByRole('link', { name: /Jobs/ });
    expect(jobs).toHaveAttribute('href', '/admin/jobs');
    expect(within(jobs).getByText('DEV')).toBeInTheDocument();
    // Staging is not an environment of the mail catcher.
    expect(screen.queryByRole('link', { name: /Mail Catcher/ })).not.toBeInTheDocument();
    unmount();
    renderNav({ isAdmin: true, isDeveloper: true, environment: 'prod' });
    expect(topLevel()).toEqual(['Manage', 'Report', 'Admin', 'Resources']);
    fireEvent.click(screen.getByRole('button', { name: 'Resources' }));
    expect(screen.getByRole('link', { name: /Jobs/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Design Prototype/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Mail Catcher/ })).not.toBeInTheDocument();
  });

  it('every menu item of every viewer leads to a screen of this build (Database Admin has none: no item)', () => {
    for (const environment of ['dev', 'design', 'staging', 'prod'] as const) {
      const screens = new Set<string>(screenNames({ environment, alt: false }));
      for (const isAdmin of [true, false]) {
        const menu = menuFor({ isAdmin, isDeveloper: true, environment });
        const items = menu.flatMap((e) => ('route' in e ? [e] : e.groups.flatMap((g) => g.items)));
        const missing = items
          .filter((i) => !ROUTES[i.route]?.external && !screens.has(i.route))
          .map((i) => i.label);
        expect(missing, `${environment}, ${isAdmin ? 'administrator' : 'technician'}`).toEqual([]);
      }
    }
  });

  it('the user menu has Profile and a plain Log Out link', async () => {
    renderNav({ isAdmin: false, isDeveloper: false, environment: 'dev' }, 'Terry Tech');
    await menusLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Terry Tech' }));
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout');
    expect(screen.getByTestId('env-badge')).toHaveTextContent('DEV');
  });
});

describe('breadcrumb bar', () => {
  const crumbs = ['Agreements', 'Agreement', 'Services', 'Service'].map((label, i) => ({
    label,
    path: `/p${i}`,
  }));

  function renderCrumbs() {
    const router = createMemoryRouter([{ path: '*', element: <Breadcrumbs crumbs={crumbs} /> }]);
    return render(<RouterProvider router={router} />);
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows every crumb on larger screens, the last one as the current page', () => {
    renderCrumbs();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Agreements', 'Agreement', 'Services', 'Service']);
    expect(screen.getByText('Service')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Agreement' })).toHaveAttribute('href', '/p1');
  });

  it('on phones shows the first, an ellipsis and the last two', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width: 575.98px'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderCrumbs();
    const items = screen.getAllByRole('listitem', { hidden: true }).map((li) => li.textContent);
    expect(items).toEqual(['Agreements', '…', 'Services', 'Service']);
  });
});
