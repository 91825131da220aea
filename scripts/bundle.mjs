/**
 * The second step of `npm run build`: the command's bundle (rolldown.config.mjs), built through
 * rolldown's API so that a build prints only warnings and errors, not a table of chunks.
 */
import { build } from 'rolldown';

import config from '../rolldown.config.mjs';

await build(config);
