import { describe, expect, it } from 'vitest';
import { createFeatureStates, defineFeature, defineStartedState, defineState } from './feature.ts';
import type { AppServices } from './services.ts';

// Two apps as far as the states can tell: only their identity matters here.
const appA = { env: { publicUrl: 'http://a.test' } } as AppServices;
const appB = { env: { publicUrl: 'http://b.test' } } as AppServices;

describe('feature state', () => {
  const made: string[] = [];
  const counter = defineState('test.counter', (services) => {
    made.push(services.env.publicUrl);
    return { count: 0 };
  });
  const features = [defineFeature({ name: 'test', state: [counter] })];

  it('makes a feature’s state once per app, on first use, from that app’s services', () => {
    made.length = 0;
    const a = createFeatureStates(features, () => appA);
    const b = createFeatureStates(features, () => appB);
    expect(made).toEqual([]);
    a.of(counter).count += 1;
    a.of(counter).count += 1;
    b.of(counter).count += 1;
    expect(a.of(counter).count).toBe(2);
    expect(b.of(counter).count).toBe(1);
    expect(made).toEqual(['http://a.test', 'http://b.test']);
  });

  it('lets a test replace an app’s state', () => {
    const a = createFeatureStates(features, () => appA);
    a.replace(counter, { count: 41 });
    expect(a.of(counter).count).toBe(41);
  });

  it('refuses state that no feature lists, saying where to list it', () => {
    const stray = defineState('test.stray', () => 'stray');
    const a = createFeatureStates(features, () => appA);
    expect(() => a.of(stray)).toThrow(
      /"test\.stray" is in no feature's definition: list it in defineFeature/,
    );
    expect(() => a.replace(stray, 'x')).toThrow(/test\.stray/);
  });

  it('makes started state when the services start, in the features’ order, and refuses it before', async () => {
    const order: string[] = [];
    const subscribed = (name: string) =>
      defineStartedState(name, async () => {
        order.push(name);
        return { name };
      });
    const first = subscribed('test.first');
    const second = subscribed('test.second');
    const states = createFeatureStates(
      [defineFeature({ name: 'one', state: [first] }), defineFeature({ name: 'two', state: [second] })],
      () => appA,
    );
    expect(() => states.of(first)).toThrow(/"test\.first" is read before the services were started/);
    await states.start();
    expect(order).toEqual(['test.first', 'test.second']);
    expect(states.of(second).name).toBe('test.second');
  });

  it('closes what was made, and only that', async () => {
    const closed: string[] = [];
    const buffer = (name: string) =>
      defineState(name, () => name, {
        close: async (value) => {
          closed.push(value);
        },
      });
    const used = buffer('test.used');
    const unused = buffer('test.unused');
    const states = createFeatureStates([defineFeature({ name: 'test', state: [used, unused] })], () => appA);
    states.of(used);
    await states.close();
    expect(closed).toEqual(['test.used']);
  });
});
