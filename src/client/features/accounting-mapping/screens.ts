// The accounting mapping screens: where invoice lines go in the accounting exports, and its field history.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  accounting_mapping: screen(() => import('./accounting-mapping-page'), 'AccountingMappingPage'),
  accounting_mapping_history: screen(
    () => import('./accounting-mapping-page'),
    'AccountingMappingHistoryPage',
  ),
} satisfies AreaScreens;
