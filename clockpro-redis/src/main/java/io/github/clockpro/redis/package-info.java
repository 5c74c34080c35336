/**
 * A {@link io.github.clockpro.ClockProCache} as the near cache in front of Redis, kept coherent by the server's
 * invalidation messages (RESP3 client tracking), through Lettuce. Start with
 * {@link io.github.clockpro.redis.RedisNearCache#enable}; {@code docs/redis.md} explains the coherence argument,
 * connection loss and the metrics. Built on the exported API of clockpro-core only.
 */
package io.github.clockpro.redis;
