// The shapes of the route table and the menus; each area (areas.ts) fills them with its own routes and items.
export type Environment = 'dev' | 'design' | 'staging' | 'prod';

export type RouteDef = {
  name: string;
  path: string;
  /** Page title; falls back to the breadcrumb. */
  title?: string;
  /** Breadcrumb label of this route; absent = not shown as a crumb. */
  breadcrumb?: string;
  /** Route name of the breadcrumb parent. */
  parent?: string;
  /** Reachable without a session (login-type routes). */
  public?: boolean;
  admin?: boolean;
  developer?: boolean;
  environments?: Environment[];
  /** Served outside the single-page app (full page load). */
  external?: boolean;
};

export type MenuItem = {
  label: string;
  route: string;
  developer?: boolean;
  environments?: Environment[];
};
export type MenuGroup = { label?: string; items: MenuItem[] };
export type Menu = { label: string; groups: MenuGroup[] };
/** A top-level entry is a menu, or a single link. */
export type MenuEntry = Menu | MenuItem;

export type MenuViewer = { isAdmin: boolean; isDeveloper: boolean; environment: Environment };
