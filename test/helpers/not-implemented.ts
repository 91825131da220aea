/**
 * Catalogue IDs without a check yet, named here so that the tests that walk the catalogue say so
 * instead of failing on them, and so that landing a check forces its removal from this list
 * (test/unit/docs-model.test.ts asserts it is exactly the IDs without a check). Every catalogue
 * ID has a check today.
 */
export const NOT_IMPLEMENTED: readonly string[] = [];
