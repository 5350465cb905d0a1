// A route's screen: the loader of its module and the export that is its component, checked by the compiler (a
// misspelt or non-component export fails to compile). Modules are loaded when the route is first visited.
import type { ComponentType } from 'react';
import type { RouteName } from '../../shared/routes';

/** The exports of a module that a route can render (components needing no props). */
type ComponentExport<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M] & string;

export type Screen = { load: () => Promise<Record<string, unknown>>; name: string };

export function screen<M extends object>(load: () => Promise<M>, name: ComponentExport<M>): Screen {
  return { load: load as () => Promise<Record<string, unknown>>, name };
}

/** An area's screens by route name (a route name the table does not have fails to compile). */
export type AreaScreens = Partial<Record<RouteName, Screen>>;
