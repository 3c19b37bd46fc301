import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebLoadContext } from '../shared/load-context.ts';
import type { Tx } from './db/client.ts';
import type { Env } from './env.ts';
import type { ActiveSession } from './features/auth/sessions.service.ts';
import type { JobDefinition } from './lib/jobs.ts';
import type { AppServices } from './services.ts';

/** What a job handler gets: the services, and the features (erasure asks every feature for its part). */
type FeatureContext = { services: AppServices; features: readonly Feature[] };

type JobRegistration = {
  definition: JobDefinition<unknown>;
  handler: (context: FeatureContext) => (payload: unknown) => Promise<void>;
};

/** A job a feature runs, with its payload type carried from the definition to the handler. */
export function featureJob<P>(
  definition: JobDefinition<P>,
  handler: (context: FeatureContext) => (payload: P) => Promise<void>,
): JobRegistration {
  return { definition, handler } as JobRegistration;
}

/** What the SSR route knows of the page request when it asks a feature for its load-context part. */
export type PageRequest = {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  session: ActiveSession | null;
};

/**
 * The groups of the web load context that are service calls (every member a function), which
 * features fill in, a call each: a new group in WebLoadContext is one here without a list to edit.
 */
type ServiceGroupName = {
  [K in keyof WebLoadContext]: WebLoadContext[K] extends Record<string, (...args: never[]) => unknown>
    ? K
    : never;
}[keyof WebLoadContext];
type ServiceGroups = Pick<WebLoadContext, ServiceGroupName>;
export type LoadContextPart = { [Group in keyof ServiceGroups]?: Partial<ServiceGroups[Group]> };

/**
 * The counts a member's own view of their session carries (GET user.php, which every open tab
 * polls: the balance, the badges). Each feature that keeps one declares its field here by declaration
 * merging in its `<f>.feature.ts` (`declare module '../../feature.ts' { interface UserAnswerCounts
 * { credits: number } }`) and reads it in its definition's `userAnswer`; auth's user answer names
 * none of them (features/auth/user-answers.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, feature by feature.
export interface UserAnswerCounts {}

/**
 * Everything a feature contributes to the app, in one object, listed once in features.ts: its
 * routes, its jobs, what it adds to the pages' load context, and its part of erasing an account.
 * Adding a feature is one folder plus one line in that list; app.ts, the job queue, the SSR route
 * and the erasure job loop over the list and name no feature.
 */
export type Feature = {
  name: string;
  /**
   * The state the feature keeps per app (a chosen provider, a queue, a cache), made on first use
   * for each services object, so a test app or a second instance has its own; read with
   * `services.state.of(slot)`.
   */
  state?: readonly StateSlot<unknown>[];
  /**
   * Work on stored data before anything is served (a one-off repair), run by createServices in
   * the features' order; a failure is logged and the work is tried again at the next start.
   */
  start?: (services: AppServices) => Promise<void>;
  routes?: (services: AppServices) => FastifyPluginAsyncZod;
  /** Routes registered only when this holds (the development outboxes). */
  servedWhen?: (env: Env) => boolean;
  jobs?: readonly JobRegistration[];
  loadContext?: (services: AppServices, page: PageRequest) => LoadContextPart;
  /** The feature's counts in the member's own view of their session (UserAnswerCounts), from its cache. */
  userAnswer?: (services: AppServices, userId: number) => Promise<Partial<UserAnswerCounts>>;
  /**
   * The feature's share of erasing an account after the reactivation window, in the erasure's
   * transaction: its rows of the member go (payments and the credit ledger stay, for the tax office).
   */
  eraseAccount?: (services: AppServices, tx: Tx, userId: number) => Promise<void>;
};

/** One piece of a feature's state: its name (for messages), how it is made for an app, and its end. */
export type StateSlot<S> = {
  readonly name: string;
  readonly create: (services: AppServices, features: readonly Feature[]) => S | Promise<S>;
  /** Made when the services are built rather than on first use (defineStartedState). */
  readonly started: boolean;
  /** What the services' close does with it (a buffer written out); a method, so a slot of any S is listed. */
  close?(state: S): Promise<void>;
};

type SlotOptions<S> = { close?: (state: S) => Promise<void> };

/** State made on first use (a chosen provider, a queue). */
export function defineState<S>(
  name: string,
  create: (services: AppServices, features: readonly Feature[]) => S,
  options: SlotOptions<S> = {},
): StateSlot<S> {
  return { name, create, started: false, ...options };
}

/**
 * State made while the services are built, before anything is served: a cache that listens to the
 * bus must hear every change from its first read on, and its subscription is asynchronous.
 */
export function defineStartedState<S>(
  name: string,
  create: (services: AppServices, features: readonly Feature[]) => Promise<S>,
  options: SlotOptions<S> = {},
): StateSlot<S> {
  return { name, create, started: true, ...options };
}

/** The features' state of one app (AppServices.state). */
export type FeatureStates = {
  /** The slot's state for these services, made on first use. */
  of: <S>(slot: StateSlot<S>) => S;
  /** Tests: these services use `value` from now on (a provider's local double). */
  replace: <S>(slot: StateSlot<S>, value: S) => void;
  /** Makes the started slots (createServices, once). */
  start: () => Promise<void>;
  /** Ends what was made, each slot's `close`, in the features' order. */
  close: () => Promise<void>;
};

/**
 * The state of the listed features for one app. A slot no feature lists is refused, so that what
 * an app keeps is found in the features' definitions and nowhere else.
 */
export function createFeatureStates(
  features: readonly Feature[],
  services: () => AppServices,
): FeatureStates {
  const slots = features.flatMap((feature) => feature.state ?? []);
  const listed = new Set<StateSlot<unknown>>(slots);
  const made = new Map<StateSlot<unknown>, unknown>();
  const listedSlot = <S>(slot: StateSlot<S>): StateSlot<S> => {
    if (!listed.has(slot))
      throw new Error(
        `state "${slot.name}" is in no feature's definition: list it in defineFeature({ state: [...] }) ` +
          '(docs/architecture.md, "Adding a feature")',
      );
    return slot;
  };
  return {
    of: (slot) => {
      if (!made.has(listedSlot(slot))) {
        if (slot.started) throw new Error(`state "${slot.name}" is read before the services were started`);
        made.set(slot, slot.create(services(), features));
      }
      return made.get(slot) as never;
    },
    replace: (slot, value) => {
      made.set(listedSlot(slot), value);
    },
    start: async () => {
      // One after another, in the features' order, as their subscriptions were always made.
      for (const slot of slots)
        if (slot.started && !made.has(slot)) made.set(slot, await slot.create(services(), features));
    },
    close: async () => {
      for (const slot of slots) if (made.has(slot)) await slot.close?.(made.get(slot));
    },
  };
}

export function defineFeature(feature: Feature): Feature {
  return feature;
}

/** Every job of every feature, for the queue and for adopting jobs of the old table. */
export function jobsOf(features: readonly Feature[]): readonly JobRegistration[] {
  return features.flatMap((feature) => feature.jobs ?? []);
}
