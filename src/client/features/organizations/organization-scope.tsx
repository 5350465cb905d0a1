// Screens shown both at the top level (/manage/person/…) and under an organization (/manage/organization/:id/people/…):
// one screen component takes the organization (null at the top level); these helpers give it its paths, its list's
// organization header and fixed filter, its record's tabs, and read the organization and record id from the route.
import type { ComponentType, ReactNode } from 'react';
import { useParams } from 'react-router';
import { pathFor, type RouteName } from '../../../shared/routes';
import type { Query } from '../../api/http';
import { OrganizationHeader } from './organization-header';
import { OrganizationTabs } from './organization-tabs';

/** A screen reached in either tree: `organization` is null at the top level. */
export type ScopedProps = { organization: string | null };
export type ScopedRecordProps = ScopedProps & { id: string };

/** Route names at the top level and under an organization; `param` names the record's id under an organization. */
export type ScopedRoutes = {
  param: string;
  list: [top: RouteName, organization: RouteName];
  basics: [top: RouteName, organization: RouteName];
  history?: [top: RouteName, organization: RouteName];
};

export type ScopedPaths = {
  list: (organization: string | null) => string;
  basics: (
    organization: string | null,
    id: number | string,
    query?: Record<string, string | undefined>,
  ) => string;
  history: (organization: string | null, id: number | string) => string;
};

/** The paths of an entity's screens in the tree they were reached in. */
export function organizationScopedPaths(routes: ScopedRoutes): ScopedPaths {
  const record =
    ([top, scoped]: [RouteName, RouteName]) =>
    (organization: string | null, id: number | string, query?: Record<string, string | undefined>) =>
      organization
        ? pathFor(scoped, { id: organization, [routes.param]: id }, query)
        : pathFor(top, { id }, query);
  return {
    list: (organization) =>
      organization ? pathFor(routes.list[1], { id: organization }) : pathFor(routes.list[0]),
    basics: record(routes.basics),
    history: record(routes.history ?? routes.basics),
  };
}

/** A list's props under an organization: its header with the tabs, and the organization fixed in the query. */
export function organizationListProps(
  organization: string | null,
  title: string,
): { heading?: ReactNode; fixed?: Query } {
  return organization
    ? { heading: <OrganizationHeader id={organization} title={title} />, fixed: { organization } }
    : {};
}

/** The organization's tabs above a record screen reached under it. */
export const organizationTabs = (organization: string | null) =>
  organization ? <OrganizationTabs id={organization} /> : null;

/** The top-level screen of a list shown also as an organization's tab. */
export function topLevelList(List: ComponentType<ScopedProps>) {
  return function TopLevelList() {
    return <List organization={null} />;
  };
}

/** An organization's tab of a list: the organization is the route's :id. */
export function organizationList(List: ComponentType<ScopedProps>) {
  return function OrganizationList() {
    return <List organization={useParams().id ?? ''} />;
  };
}

/**
 * A record screen in either tree: under an organization the route holds :id (the organization) and `param` (the
 * record), at the top level :id (the record). A missing record id is a new record.
 */
export function organizationScopedRecord(Screen: ComponentType<ScopedRecordProps>, param: string) {
  return function ScopedRecord() {
    const params = useParams();
    const scoped = params[param] !== undefined;
    return (
      <Screen
        organization={scoped ? (params.id ?? '') : null}
        id={(scoped ? params[param] : params.id) ?? 'create'}
      />
    );
  };
}

/** The tree a nested record's screen was reached in: top level (organization null) or under an organization. */
export type TreePlace<Param extends string> = { organization: string | null } & { [K in Param]: string };

/**
 * A record with its own tree of screens (an agreement's services, an opportunity's proposals), reached at the top
 * level (/manage/agreement/{id}/…, `:id` the record) and under an organization (route names prefixed organization_,
 * `:id` the organization and `param` the record). `routes` names each screen's top-level route.
 */
export function organizationTree<Param extends string, Screen extends string>(tree: {
  param: Param;
  list: [top: RouteName, organization: RouteName];
  routes: Record<Screen, RouteName>;
}) {
  type Place = TreePlace<Param>;
  return {
    /** Path of one screen of the tree; `child` names the child record (a service, a proposal, a document). */
    path(
      place: Place,
      screen: Screen,
      child: Record<string, string | number> = {},
      query: Record<string, string | number | undefined> = {},
    ): string {
      const record = place[tree.param];
      return place.organization
        ? pathFor(
            `organization_${tree.routes[screen]}` as RouteName,
            { id: place.organization, [tree.param]: record, ...child },
            query,
          )
        : pathFor(tree.routes[screen], { id: record, ...child }, query);
    },
    /** The list a screen returns to: the organization's or the top-level one. */
    listPath: (organization: string | null) =>
      organization ? pathFor(tree.list[1], { id: organization }) : pathFor(tree.list[0]),
    /** Reads the place from the route's params (`:id` alone, or `:id` + the record's param). */
    usePlace(): Place {
      const params = useParams();
      const scoped = params[tree.param];
      return (
        scoped !== undefined
          ? { organization: params.id ?? '', [tree.param]: scoped }
          : { organization: null, [tree.param]: params.id ?? 'create' }
      ) as Place;
    },
  };
}
