/**
 * Spring Boot support: {@link io.github.clockpro.spring.boot.ClockProCacheAutoConfiguration} makes a
 * {@link io.github.clockpro.spring.ClockProCacheManager} the application's cache manager, configured by the
 * {@code clockpro.cache.*} properties, and {@link io.github.clockpro.spring.boot.ClockProCacheMetricsAutoConfiguration}
 * puts clockpro caches into actuator's cache metrics. Both are listed in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}; {@code docs/spring.md}
 * says how to use them.
 */
package io.github.clockpro.spring.boot;
