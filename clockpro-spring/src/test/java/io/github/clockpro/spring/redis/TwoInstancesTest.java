package io.github.clockpro.spring.redis;

import static io.github.clockpro.spring.redis.EmbeddedRedis.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.clockpro.spring.redis.TitleApplication.TitleService;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.cache.CacheManager;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two Spring Boot application contexts sharing one Redis, each with the auto-configured two-level cache: a
 * {@code @CachePut} in one is seen by the other's next {@code @Cacheable} read once its invalidation arrived, and
 * repeated reads are served by the near cache without a command to Redis; actuator's meters cover both levels.
 */
class TwoInstancesTest {

  private EmbeddedRedis redis;
  private ConfigurableApplicationContext first;
  private ConfigurableApplicationContext second;

  @BeforeEach
  void start() {
    redis = EmbeddedRedis.start();
    first = instance();
    second = instance();
  }

  private ConfigurableApplicationContext instance() {
    return new SpringApplicationBuilder(TitleApplication.class)
        .properties("clockpro.cache.redis.enabled=true",
            "clockpro.cache.redis.uri=" + redis.uri(),
            "clockpro.cache.redis.allowed-classes=io.github.clockpro.spring.redis.*",
            "clockpro.cache.spec=maximumSize=1000",
            "clockpro.cache.cache-names=titles",
            "spring.main.banner-mode=off")
        .run();
  }

  @AfterEach
  void stop() throws IOException {
    if (second != null) {
      second.close();
    }
    if (first != null) {
      first.close();
    }
    if (redis != null) {
      redis.close();
    }
  }

  private static ClockProRedisCache titles(ConfigurableApplicationContext context) {
    return (ClockProRedisCache) context.getBean(CacheManager.class).getCache("titles");
  }

  @Test
  void shouldSeeAnotherInstancesPutAndServeRepeatedReadsFromTheNearCache() {
    TitleService one = first.getBean(TitleService.class);
    TitleService two = second.getBean(TitleService.class);
    assertThat(first.getBean(CacheManager.class)).isInstanceOf(ClockProRedisCacheManager.class);

    assertThat(one.title(1)).isEqualTo(new Book(1, "Title 1"));
    assertThat(two.title(1)).isEqualTo(new Book(1, "Title 1"));
    assertThat(two.loads()).as("the second instance read the first's entry from Redis").isEqualTo(0);

    long getsBefore = redis.calls("get");
    for (int i = 0; i < 100; i++) {
      assertThat(two.title(1)).isEqualTo(new Book(1, "Title 1"));
    }
    assertThat(redis.calls("get")).as("repeated reads send no GET to Redis").isEqualTo(getsBefore);

    one.rename(1, "Renamed");
    await("the second instance's invalidation arrived",
        () -> titles(second).getNativeCache().cache().asMap().get("titles::1") == null);
    assertThat(two.title(1)).isEqualTo(new Book(1, "Renamed"));
    assertThat(two.loads()).isEqualTo(0);

    two.forget(1);
    await("the first instance's invalidation arrived",
        () -> titles(first).getNativeCache().cache().asMap().get("titles::1") == null);
    assertThat(one.titleOnce(1)).isEqualTo(new Book(1, "Title 1"));
    assertThat(one.loads()).isEqualTo(2);

    MeterRegistry registry = second.getBean(MeterRegistry.class);
    assertThat(registry.get("cache.gets").tag("cache", "titles").tag("result", "hit").functionCounter().count())
        .as("near-cache hits").isGreaterThanOrEqualTo(100);
    assertThat(registry.get("cache.redis.gets").tag("cache", "titles").tag("result", "hit").functionCounter()
        .count()).as("Redis hits").isGreaterThanOrEqualTo(2);
    assertThat(registry.get("cache.near.invalidations").tag("cache", "titles").functionCounter().count())
        .isGreaterThanOrEqualTo(1);
  }
}
