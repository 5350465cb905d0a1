// The sync engine and its IndexedDB code, loaded after the first screen. Kept apart from queue-state, which the
// engine itself imports, so the lazy import makes no cycle. A page that went offline before the engine arrived loads
// it once the network is back (and then sends what was queued), rather than never in this page.
import { loadWhenOnline } from '../../shell/when-online';

export const loadSync = () => loadWhenOnline(() => import('./offline-sync'));
