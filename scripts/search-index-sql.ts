// Prints the SQL that installs the search index's upkeep (and fills it) for the search sources as they are now: the
// body of a new custom migration (`npx drizzle-kit generate --custom --name …`) after a source changed. The test
// search-index.api.test.ts says when the migrations no longer match the sources.
import { AREAS } from '../src/server/modules/areas.js';
import { searchIndexRebuild, searchIndexUpkeep } from '../src/server/modules/search/search-index-sql.js';

const sources = AREAS.flatMap((area) => area.searchSources ?? []);
console.log(
  [...searchIndexUpkeep(sources), ...searchIndexRebuild(sources)].join(';--> statement-breakpoint\n'),
);
