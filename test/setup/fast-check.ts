/**
 * Property tests run from one fixed seed in `npm test`, so a CI result is reproducible and a
 * red run is never luck. `npm run fuzz` explores: FC_SEED=random and many more runs per property.
 * A failure prints its seed and path; rerun it with FC_SEED=<seed>.
 */
import fc from 'fast-check';

const DEFAULT_SEED = 20_250_618;
const seedSetting = process.env['FC_SEED'];
const runsSetting = process.env['FC_RUNS'];

fc.configureGlobal({
  ...(seedSetting === 'random' ? {} : { seed: seedSetting ? Number(seedSetting) : DEFAULT_SEED }),
  ...(runsSetting ? { numRuns: Number(runsSetting) } : {}),
});
