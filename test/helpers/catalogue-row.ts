/** The catalogue row reader lives in src (the new-check scaffold uses it too). */
export * from '../../src/tools/catalogue-row.js';
