package io.github.clockpro.bench.redis;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.peers.LettuceNearCache;
import io.github.clockpro.peers.LocalRedis;
import io.github.clockpro.redis.RedisNearCache;
import io.github.clockpro.spring.ClockProCacheSpec;
import io.github.clockpro.spring.redis.ClockProRedisCache;
import io.github.clockpro.spring.redis.ClockProRedisCacheManager;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.springframework.cache.Cache;
import org.springframework.data.redis.cache.RedisCacheConfiguration;
import org.springframework.data.redis.cache.RedisCacheManager;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.serializer.RedisSerializationContext.SerializationPair;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * One reader of Redis compared by {@link RedisNearBenchmarkCommand}: a near cache, or Spring's cache with none.
 * Each reads String values stored as UTF-8 under {@link #redisKey}, so that a plain Lettuce connection can write
 * and check them whatever the contender.
 */
interface NearCacheContender extends AutoCloseable {

  /** The name of the Spring caches. */
  String SPRING_CACHE_NAME = "bench";

  /** Returns the contender's name in the table. */
  String name();

  /** Returns the Redis key under which {@link #get} finds {@code key}. */
  String redisKey(String key);

  /** Returns the value of {@code key}, from the near cache if it holds it, otherwise from Redis. */
  String get(String key);

  /** Returns the near cache's hit ratio so far, or {@code NaN} if there is no near cache. */
  double hitRatio();

  @Override
  void close();

  /** Returns the four contenders, in the order of the table; each is made only when its turn comes. */
  static List<Function<LocalRedis, NearCacheContender>> all(int nearCacheSize) {
    return List.of(
        redis -> new ClockProNearCache(redis, nearCacheSize),
        LettuceClientSideCaching::new,
        SpringRedisCache::new,
        redis -> new ClockProSpringCache(redis, nearCacheSize));
  }

  /** {@link RedisNearCache} over a bounded {@link ClockProCache}. */
  final class ClockProNearCache implements NearCacheContender {
    private final StatefulRedisConnection<String, String> connection;
    private final RedisNearCache<String, String> nearCache;

    ClockProNearCache(LocalRedis redis, int nearCacheSize) {
      connection = redis.client().connect();
      nearCache = RedisNearCache.enable(connection, ClockProCache.builder().maximumSize(nearCacheSize).build());
    }

    @Override public String name() {
      return "clockpro RedisNearCache";
    }

    @Override public String redisKey(String key) {
      return key;
    }

    @Override public String get(String key) {
      return nearCache.get(key);
    }

    @Override public double hitRatio() {
      return nearCache.cache().stats().hitRate();
    }

    @Override public void close() {
      nearCache.close();
      connection.close();
    }
  }

  /** Lettuce's {@code ClientSideCaching} ({@link LettuceNearCache}) over an unbounded {@link ConcurrentHashMap}. */
  final class LettuceClientSideCaching implements NearCacheContender {
    private final LettuceNearCache nearCache;
    /** Reads through the near cache; incremented by every worker thread. */
    private final LongAdder reads = new LongAdder();

    LettuceClientSideCaching(LocalRedis redis) {
      nearCache = LettuceNearCache.enable(new ConcurrentHashMap<>(), redis.client().connect());
    }

    @Override public String name() {
      return "Lettuce ClientSideCaching";
    }

    @Override public String redisKey(String key) {
      return key;
    }

    @Override public String get(String key) {
      reads.increment();
      return nearCache.get(key);
    }

    @Override public double hitRatio() {
      long total = reads.sum();
      return total == 0 ? Double.NaN : (double) (total - nearCache.misses()) / total;
    }

    @Override public void close() {
      nearCache.close();
    }
  }

  /** Spring Data's {@link RedisCacheManager} (no near cache: every get is a round trip), values as UTF-8. */
  final class SpringRedisCache implements NearCacheContender {
    private final LettuceConnectionFactory factory;
    private final Cache cache;

    SpringRedisCache(LocalRedis redis) {
      factory = new LettuceConnectionFactory(
          new RedisStandaloneConfiguration(redis.uri().getHost(), redis.uri().getPort()));
      factory.afterPropertiesSet();
      factory.start();
      RedisCacheManager manager = RedisCacheManager.builder(factory)
          .cacheDefaults(RedisCacheConfiguration.defaultCacheConfig()
              .serializeValuesWith(SerializationPair.fromSerializer(RedisSerializer.string())))
          .build();
      manager.afterPropertiesSet();
      cache = manager.getCache(SPRING_CACHE_NAME);
    }

    @Override public String name() {
      return "Spring RedisCacheManager";
    }

    @Override public String redisKey(String key) {
      return SPRING_CACHE_NAME + "::" + key;
    }

    @Override public String get(String key) {
      return cache.get(key, String.class);
    }

    @Override public double hitRatio() {
      return Double.NaN;
    }

    @Override public void close() {
      factory.destroy();
    }
  }

  /** clockpro-spring's {@link ClockProRedisCacheManager}: a bounded clockpro near cache in front of Redis. */
  final class ClockProSpringCache implements NearCacheContender {
    private final ClockProRedisCacheManager manager;
    private final ClockProRedisCache cache;

    ClockProSpringCache(LocalRedis redis, int nearCacheSize) {
      manager = new ClockProRedisCacheManager(redis.client(),
          ClockProCacheSpec.parse("maximumSize=" + nearCacheSize), new Utf8Strings(), null, true);
      manager.afterPropertiesSet();
      cache = (ClockProRedisCache) manager.getCache(SPRING_CACHE_NAME);
    }

    @Override public String name() {
      return "clockpro Spring two-level";
    }

    @Override public String redisKey(String key) {
      return SPRING_CACHE_NAME + "::" + key;
    }

    @Override public String get(String key) {
      return cache.get(key, String.class);
    }

    @Override public double hitRatio() {
      return cache.getNativeCache().cache().stats().hitRate();
    }

    @Override public void close() {
      manager.destroy();
    }
  }

  /** Strings as UTF-8, the layout Spring's {@link RedisSerializer#string()} gives the other contenders. */
  final class Utf8Strings implements RedisSerializer<Object> {
    @Override public byte[] serialize(Object value) {
      return ((String) value).getBytes(StandardCharsets.UTF_8);
    }

    @Override public Object deserialize(byte[] bytes) {
      return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
  }
}
