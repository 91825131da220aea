/** What the fixture answers one request with: a result, or a JSON-RPC error with its HTTP status. */
export type Outcome =
  | { readonly kind: 'result'; readonly result: Record<string, unknown> }
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly code: number;
      readonly message: string;
      readonly data?: unknown;
    };
