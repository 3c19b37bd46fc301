import { describe, expect, it } from 'vitest';
import {
  parseTrafficSourceCookie,
  stripTrafficSourceParams,
  toTrackingRecord,
  trafficSourceFromQuery,
} from './traffic-source.ts';

describe('traffic source', () => {
  it('picks only the known parameters', () => {
    expect(trafficSourceFromQuery({ network: 'tj', sub1: 'a', t: '5', page: '2' })).toEqual({
      network: 'tj',
      sub1: 'a',
    });
    expect(trafficSourceFromQuery({ t: '5' })).toBeUndefined();
    expect(trafficSourceFromQuery({ ref: '  ' })).toBeUndefined();
  });

  it('removes them from a URL and keeps the rest', () => {
    expect(stripTrafficSourceParams('/members?network=x&t=10&aff_sub2=y#top')).toBe('/members?t=10#top');
    expect(stripTrafficSourceParams('/?cpc=1')).toBe('/');
    expect(stripTrafficSourceParams('/pricing?t=1')).toBeUndefined();
  });

  it('maps the variants onto the tracking record', () => {
    expect(toTrackingRecord({ network: 'n', ref: 'r', aff_sub: 'a', aff_sub2: 'b', sub3: 'c' })).toEqual({
      network: 'n',
      ref: 'r',
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
    });
  });

  it('ignores a tampered cookie', () => {
    expect(parseTrafficSourceCookie('{not json')).toBeUndefined();
    expect(parseTrafficSourceCookie(JSON.stringify({ evil: 'x' }))).toBeUndefined();
    expect(parseTrafficSourceCookie(JSON.stringify({ network: 'x' }))).toEqual({ network: 'x' });
  });
});
