/**
 * The stages that speak only through an `RpcChannel` (../channel/types.ts): the inventory
 * listings and the tool probes. Each transport's table makes its own instance, naming where the
 * channel and the listing come from (the handshake session, the HTTP+SSE endpoint, the modern
 * wire, a stdio connection); what is sent is the same everywhere.
 */
import type { ListingEvidence, Probe } from '../../evidence/types.js';
import type { RpcChannel } from '../channel/types.js';
import { listAll, LISTS } from '../inventory.js';
import type { PlanEntry } from '../plan-entry.js';
import type { Stage } from '../stage.js';
import type { ToolProbesInput } from './tool-probes.js';
import { runToolProbes } from './tool-probes.js';

/** The four listings, each followed through its pages. */
export function listsStage<C, S extends object, K extends keyof S>(spec: {
  readonly id: string;
  readonly plan: readonly PlanEntry[];
  readonly needs: readonly (keyof S)[];
  readonly produces: K;
  readonly when?: (ctx: C, sofar: Readonly<Partial<S>>) => boolean;
  readonly channel: (ctx: C, sofar: Readonly<Partial<S>>) => RpcChannel;
  /** Together (HTTP: one round trip) or one at a time (stdio servers commonly answer in order). */
  readonly concurrent: boolean;
  /** Listings an earlier stage already sent (the session's head start), awaited instead of sent again. */
  readonly ahead?: (sofar: Readonly<Partial<S>>) => Promise<readonly Probe<ListingEvidence>[]> | null;
}): Stage<C, S, K> {
  return {
    id: spec.id,
    plan: spec.plan,
    needs: spec.needs,
    produces: [spec.produces],
    ...(spec.when ? { when: spec.when } : {}),
    run: async (ctx, sofar) => {
      const ahead = spec.ahead?.(sofar);
      if (ahead) return { [spec.produces]: await ahead } as Pick<S, K>;
      const channel = spec.channel(ctx, sofar);
      const lists: Probe<ListingEvidence>[] = [];
      if (spec.concurrent) lists.push(...(await Promise.all(LISTS.map((_, i) => listAll(channel, i)))));
      else for (let i = 0; i < LISTS.length; i++) lists.push(await listAll(channel, i));
      return { [spec.produces]: lists } as Pick<S, K>;
    },
  };
}

/** `s.tool.unknown` and `s.cursor` over the channel the tools were listed on (./tool-probes.ts). */
export function toolProbesStage<C, S extends object, K extends keyof S>(spec: {
  readonly id: string;
  readonly plan: readonly PlanEntry[];
  readonly needs: readonly (keyof S)[];
  readonly produces: K;
  readonly when?: (ctx: C, sofar: Readonly<Partial<S>>) => boolean;
  readonly input: (ctx: C, sofar: Readonly<Partial<S>>) => ToolProbesInput;
}): Stage<C, S, K> {
  return {
    id: spec.id,
    plan: spec.plan,
    needs: spec.needs,
    produces: [spec.produces],
    ...(spec.when ? { when: spec.when } : {}),
    run: async (ctx, sofar) =>
      ({ [spec.produces]: await runToolProbes(spec.input(ctx, sofar)) }) as Pick<S, K>,
  };
}
