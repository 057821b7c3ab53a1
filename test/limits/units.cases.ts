import { describe, expect, it } from 'vitest';
import { clientAddress, UNKNOWN_ADDRESS } from '../../src/limits/address';
import { BUDGETS, type WindowName } from '../../src/limits/budgets';
import { LocalLimiter } from '../../src/limits/fallback';
import { bindingWindow, rateLimitHeaders } from '../../src/limits/headers';
import { type Counter, tally, type WindowState } from '../../src/limits/windows';

const at = (ip: string | null) => clientAddress(new Headers(ip === null ? {} : { 'CF-Connecting-IP': ip }));

describe('clientAddress', () => {
  it('keeps IPv4 addresses and normalizes leading zeros', () => {
    expect(at('203.0.113.7')).toBe('203.0.113.7');
    expect(at('203.000.113.07')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 network', () => {
    expect(at('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(at('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(at('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(at('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('uses the IPv4 address embedded in mapped and NAT64 addresses', () => {
    expect(at('::ffff:198.51.100.2')).toBe('198.51.100.2');
    expect(at('64:ff9b::198.51.100.2')).toBe('198.51.100.2');
  });

  it('falls back to one fixed name when the address is absent or malformed', () => {
    for (const bad of [null, '', 'localhost', '300.1.1.1', '1.2.3', '1::2::3', '1:2:3:4:5:6:7:8:9', '12345::1', '__proto__']) {
      expect(at(bad)).toBe(UNKNOWN_ADDRESS);
    }
  });
});

const MINUTE = 60_000;
const T = Date.UTC(2030, 0, 15, 12, 30, 10);
const counters = (entries: [WindowName, Counter][]) => new Map(entries);

describe('tally', () => {
  it('counts an admitted request in every window and reports what is left', () => {
    const result = tally(BUDGETS.free, counters([]), T);
    expect(result.allowed).toBe(true);
    expect(result.writes).toEqual([
      { window: 'minute', start: Date.UTC(2030, 0, 15, 12, 30), count: 1 },
      { window: 'day', start: Date.UTC(2030, 0, 15), count: 1 },
    ]);
    expect(result.windows).toEqual([
      { window: 'minute', limit: 60, remaining: 59, resetAt: Date.UTC(2030, 0, 15, 12, 31) / 1000, resetIn: 50 },
      { window: 'day', limit: 1000, remaining: 999, resetAt: Date.UTC(2030, 0, 16) / 1000, resetIn: 41_390 },
    ]);
  });

  it('refuses without counting anywhere when one window is spent', () => {
    const minuteStart = Date.UTC(2030, 0, 15, 12, 30);
    const result = tally(
      BUDGETS.free,
      counters([
        ['minute', { start: minuteStart, count: 60 }],
        ['day', { start: Date.UTC(2030, 0, 15), count: 500 }],
      ]),
      T,
    );
    expect(result.allowed).toBe(false);
    expect(result.writes).toEqual([]);
    expect(result.windows.map((w) => w.remaining)).toEqual([0, 500]);
  });

  it('reads a counter from an earlier window as zero', () => {
    const result = tally(BUDGETS.free, counters([['minute', { start: T - 2 * MINUTE, count: 60 }]]), T);
    expect(result.allowed).toBe(true);
    expect(result.windows[0]?.remaining).toBe(59);
  });

  it('reports zero, not a negative number, when a downgrade leaves more used than allowed', () => {
    const result = tally(BUDGETS.free, counters([['minute', { start: Date.UTC(2030, 0, 15, 12, 30), count: 200 }]]), T);
    expect(result.allowed).toBe(false);
    expect(result.windows[0]?.remaining).toBe(0);
  });

  it('only reports when asked not to count', () => {
    const result = tally(BUDGETS.pro, counters([]), T, false);
    expect(result.writes).toEqual([]);
    expect(result.windows.map((w) => w.remaining)).toEqual([300, 10_000]);
  });

  it('admits everything for an unlimited budget', () => {
    expect(tally(BUDGETS.enterprise, counters([]), T)).toEqual({ allowed: true, windows: [], writes: [] });
  });
});

const state = (window: WindowName, remaining: number, resetAt: number): WindowState => ({
  window,
  limit: window === 'minute' ? 60 : 1000,
  remaining,
  resetAt,
  resetIn: 10,
});

describe('rate-limit headers', () => {
  it('binds to the window with fewest requests left, the later one on a tie', () => {
    expect(bindingWindow([state('minute', 5, 100), state('day', 900, 200)])?.window).toBe('minute');
    expect(bindingWindow([state('minute', 59, 100), state('day', 3, 200)])?.window).toBe('day');
    expect(bindingWindow([state('minute', 0, 100), state('day', 0, 200)])?.window).toBe('day');
    expect(bindingWindow([])).toBeUndefined();
  });

  it('writes the X-RateLimit trio for the binding window and the IETF fields for all windows', () => {
    expect(
      rateLimitHeaders(
        [state('minute', 59, 1_900_000_020), { ...state('day', 999, 1_900_051_200), resetIn: 51_180 }],
        1_900_000_010_000,
      ),
    ).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '59',
      'X-RateLimit-Reset': '1900000020',
      'RateLimit-Policy': '"minute";q=60;w=60, "day";q=1000;w=86400',
      RateLimit: '"minute";r=59;t=10, "day";r=999;t=51180',
    });
    expect(rateLimitHeaders([], 1_900_000_010_000)).toEqual({
      'X-RateLimit-Limit': 'unlimited',
      'X-RateLimit-Remaining': 'unlimited',
      'X-RateLimit-Reset': '1900000020',
    });
  });
});

describe('LocalLimiter', () => {
  it('admits the per-minute budget per subject and starts over in the next minute', () => {
    const limiter = new LocalLimiter();
    const admitted = Array.from({ length: 70 }, () => limiter.admit('store:a', 'free', T)).filter((a) => a.allowed);
    expect(admitted).toHaveLength(60);
    expect(limiter.admit('store:b', 'free', T).allowed).toBe(true);
    const next = limiter.admit('store:a', 'free', T + MINUTE);
    expect(next.allowed).toBe(true);
    expect(next.windows).toEqual([expect.objectContaining({ window: 'minute', remaining: 59 })]);
  });

  it('forgets the least recently counted subject once full, so memory stays bounded', () => {
    const limiter = new LocalLimiter(2);
    for (let i = 0; i < 60; i++) limiter.admit('a', 'free', T);
    expect(limiter.admit('a', 'free', T).allowed).toBe(false);
    limiter.admit('b', 'free', T);
    limiter.admit('c', 'free', T);
    expect(limiter.admit('a', 'free', T).windows[0]?.remaining).toBe(59);
  });
});
