// One menu item, in the bar or in a drop-down: in-app routes through the router, others as plain links.
import type { ElementType } from 'react';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { type Environment, type MenuItem, pathFor, ROUTES, type RouteName } from '../../shared/routes';
import { useRouteLabel } from '../features/language-settings/grammar';

/** Developer-only items are tagged DEV; items limited to environments carry the environment's name. */
export function menuTag(item: MenuItem, environment: Environment): string | null {
  if (item.developer) return 'DEV';
  if (item.environments) return environment.toUpperCase();
  return null;
}

function itemHref(item: MenuItem): { href: string; external: boolean } {
  const route = ROUTES[item.route];
  if (route?.external) return { href: route.path, external: true };
  return { href: pathFor(item.route as RouteName), external: false };
}

export function MenuLink({
  item,
  Item,
  environment,
}: {
  item: MenuItem;
  /** Nav.Link in the bar, NavDropdown.Item in a menu. */
  Item: ElementType;
  environment: Environment;
}) {
  const { href, external } = itemHref(item);
  const text = useRouteLabel()(item.route, item.label);
  const label = menuTag(item, environment);
  const tag = label ? (
    <Badge bg="secondary" className="ms-2 sd-menu-tag">
      {label}
    </Badge>
  ) : null;
  if (external) {
    // Routes outside the app are ordinary links (full page load).
    return (
      <Item href={href}>
        {text}
        {tag}
      </Item>
    );
  }
  return (
    <Item as={Link} to={href}>
      {text}
      {tag}
    </Item>
  );
}
