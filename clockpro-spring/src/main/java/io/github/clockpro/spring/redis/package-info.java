/**
 * A two-level cache for Spring's cache abstraction: each {@link org.springframework.cache.Cache} a clockpro near
 * cache ({@link io.github.clockpro.redis.RedisNearCache}) in front of Redis or a Redis Cluster, its values
 * serialized by a Spring Data {@link org.springframework.data.redis.serializer.RedisSerializer}. Start with
 * {@link io.github.clockpro.spring.redis.ClockProRedisCacheManager}, or with {@code clockpro.cache.redis.enabled}
 * in Spring Boot; {@code docs/spring.md} describes both.
 */
package io.github.clockpro.spring.redis;
