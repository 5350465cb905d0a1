// The words the UI uses for cases, tasks and slips (language settings, "Case & Task Grammar"). Read once per session
// and kept long: the settings page shares this query's cache entry, so a save shows the new words at once.
import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { applyGrammar, DEFAULT_GRAMMAR, type Grammar } from '../../../shared/grammar';
import type { LanguageSettings } from '../../../shared/schemas/language-settings';
import { loadEntity } from '../../api/entity';

export const LANGUAGE_API = '/api/settings/language';
export const LANGUAGE_ENTITY = 'languageSettings';
/** The settings page's query key too (settings-page.tsx keys by ['settings', api]). */
export const GRAMMAR_QUERY_KEY = ['settings', LANGUAGE_API] as const;
const HOUR = 60 * 60 * 1000;
// A shell piece drawn without the app's query client (a component test of the menus) shows the default words.
const NO_CLIENT = new QueryClient();

/** Route names whose labels (menu items, breadcrumbs, page titles) name cases, tasks or slips. */
export const namesTheWords = (routeName: string) => routeName === 'cases' || routeName.startsWith('case_');

export function useGrammar(): Grammar {
  const client = useContext(QueryClientContext);
  const query = useQuery(
    {
      queryKey: GRAMMAR_QUERY_KEY,
      queryFn: ({ signal }) => loadEntity<LanguageSettings>(LANGUAGE_API, LANGUAGE_ENTITY, { signal }),
      staleTime: HOUR,
      gcTime: Number.POSITIVE_INFINITY,
      // The defaults until the words are read (and if they cannot be): the screens stay usable.
      retry: 1,
      enabled: !!client,
    },
    client ?? NO_CLIENT,
  );
  const settings = query.data?.entity;
  if (!settings) return DEFAULT_GRAMMAR;
  return {
    caseSingular: settings.caseSingular,
    casePlural: settings.casePlural,
    taskSingular: settings.taskSingular,
    taskPlural: settings.taskPlural,
    slipSingular: settings.slipSingular,
    slipPlural: settings.slipPlural,
  };
}

/** Any visible text naming cases, tasks or slips in the saved words ("New Slip" → "New Entry"). */
export function useGrammarText(): (text: string) => string {
  const grammar = useGrammar();
  return useCallback((text: string) => applyGrammar(text, grammar), [grammar]);
}

/** A route's visible label in the saved words ("Cases & Tasks" → "Tickets & Tasks"); other routes' as they are. */
export function useRouteLabel(): (routeName: string, label: string) => string {
  const grammar = useGrammar();
  return useCallback(
    (routeName: string, label: string) => (namesTheWords(routeName) ? applyGrammar(label, grammar) : label),
    [grammar],
  );
}
