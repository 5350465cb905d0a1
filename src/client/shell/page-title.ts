// Page title and environment badge (SPEC §1 "Shell features").
import type { Environment } from '../../shared/routes';

const TITLE_PREFIX: Record<Environment, string> = { dev: 'DEV', design: 'DESIGN', staging: 'TEST', prod: '' };

/**
 * "{prefix} {title} - SD6": the prefix and the title are separated by one space ("DEV Profile - SD6");
 * production has no prefix ("Profile - SD6"). The title is the route title, else the last breadcrumb, else Home.
 */
export function pageTitle(environment: Environment, routeTitle?: string, lastCrumb?: string): string {
  const title = routeTitle?.trim() || lastCrumb?.trim() || 'Home';
  const prefix = TITLE_PREFIX[environment];
  return `${prefix ? `${prefix} ` : ''}${title} - SD6`;
}

/** PROD shows as SD, other environments by name; an alternate instance gets an ALT prefix ("ALT DEV"). */
export function environmentBadge(environment: Environment, alt: boolean): string {
  const name = environment === 'prod' ? 'SD' : environment.toUpperCase();
  return alt ? `ALT ${name}` : name;
}
