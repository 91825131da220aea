/**
 * The output formats, by name, with every renderer loaded (the library's table; the CLI loads
 * only what it writes, through ./format-loader.ts). Every renderer is a pure function of
 * report(s); ./format-spec.ts says how a format is named, which file extension it gets and
 * whether one file covers several targets (SARIF runs, JUnit suites).
 */
import * as compliance from './compliance.js';
import type { FormatName, FormatSpec } from './format-spec.js';
import { BIND_FORMAT } from './format-spec.js';
import * as html from './html.js';
import * as json from './json.js';
import * as junit from './junit.js';
import * as markdown from './markdown.js';
import * as migration from './migration.js';
import * as sarif from './sarif.js';
import * as text from './text.js';

export { FORMAT_NAMES } from './format-spec.js';
export type { FormatName, FormatSpec } from './format-spec.js';

export const FORMATS: Readonly<Record<FormatName, FormatSpec>> = {
  text: BIND_FORMAT.text(text),
  json: BIND_FORMAT.json(json),
  sarif: BIND_FORMAT.sarif(sarif),
  junit: BIND_FORMAT.junit(junit),
  markdown: BIND_FORMAT.markdown(markdown),
  html: BIND_FORMAT.html(html),
  compliance: BIND_FORMAT.compliance(compliance),
  migration: BIND_FORMAT.migration(migration),
};
