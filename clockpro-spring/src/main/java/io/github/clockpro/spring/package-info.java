/**
 * Spring's cache abstraction over clockpro: {@link io.github.clockpro.spring.ClockProCacheManager} (as Spring's
 * {@code CaffeineCacheManager}), {@link io.github.clockpro.spring.ClockProSpringCache} (as {@code CaffeineCache})
 * and {@link io.github.clockpro.spring.ClockProCacheSpec}, a cache configuration written as text. Built on the
 * exported API of {@code clockpro-core} alone. The Spring Boot auto-configuration is in
 * {@link io.github.clockpro.spring.boot}; {@code docs/spring.md} is the guide.
 */
package io.github.clockpro.spring;
