import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test/harness.ts';
import { createEventBus } from './bus.ts';
import { createMemoryPresence, createRedisPresence, type PresenceStore } from './presence.ts';

const redis = new Redis(testRedisUrl, { keyPrefix: `elo-test-${randomBytes(6).toString('hex')}:` });
afterAll(() => redis.quit());

describe.each([
  ['memory', (now: () => number) => createMemoryPresence({ expiryMs: 6_000, now })],
  ['redis', (now: () => number) => createRedisPresence(redis, { expiryMs: 6_000, flushMs: 50, now })],
] as const)('presence in %s', (_name, make) => {
  it('lists members until they stop being touched for the expiry, per scope', async () => {
    let clock = 1_000_000;
    const presence: PresenceStore = make(() => clock);
    await presence.touchNow('1', 10);
    await presence.touchNow('1', 11);
    await presence.touchNow('2', 20);
    expect(await presence.list('1')).toEqual([10, 11]);
    expect(await presence.list('2')).toEqual([20]);
    clock += 4_000;
    presence.touch('1', 10);
    await new Promise((resolve) => setTimeout(resolve, 120));
    clock += 3_000;
    // 11 was last seen 7 s ago, 10 only 3 s ago.
    expect(await presence.list('1')).toEqual([10]);
    await presence.remove('1', 10);
    expect(await presence.list('1')).toEqual([]);
    await presence.close();
  });
});

describe('presence in redis across nodes', () => {
  it('keeps a member online while another node still holds them', async () => {
    const nodeA = createRedisPresence(redis, { expiryMs: 6_000, flushMs: 50 });
    const nodeB = createRedisPresence(redis, { expiryMs: 6_000, flushMs: 50 });
    await nodeA.touchNow('3', 30);
    await nodeB.touchNow('3', 30);
    await nodeB.touchNow('3', 31);
    expect(await nodeA.list('3')).toEqual([30, 31]);
    // 30's last socket on node A closes; node B still has one.
    await nodeA.remove('3', 30);
    expect(await nodeA.list('3')).toEqual([30, 31]);
    expect(await nodeB.list('3')).toEqual([30, 31]);
    await nodeB.remove('3', 30);
    expect(await nodeA.list('3')).toEqual([31]);
    await Promise.all([nodeA.close(), nodeB.close()]);
  });
});

describe.each([
  ['in-process', () => createEventBus(undefined)],
  ['redis', () => createEventBus(redis)],
] as const)('the %s bus', (_name, make) => {
  it('delivers what is published to every subscriber of the topic, and nothing of other topics', async () => {
    const first = make();
    const second = _name === 'redis' ? make() : first;
    const got: string[] = [];
    await first.subscribe('a', (payload) => got.push(`first:${payload}`));
    await second.subscribe('a', (payload) => got.push(`second:${payload}`));
    await second.subscribe('b', (payload) => got.push(`b:${payload}`));
    await first.publish('a', 'olá');
    for (let waited = 0; got.length < 2 && waited < 2_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got.sort()).toEqual(['first:olá', 'second:olá']);
    await first.close();
    if (second !== first) await second.close();
  });
});
