package io.github.clockpro.differential;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/** The clockpro cache of a differential run, built with the run's {@link Settings}. */
final class ClockproSide extends Side {

  private final ClockProLoadingCache<Integer, Integer> cache;

  ClockproSide(Settings settings, SharedTicker ticker) {
    CacheBuilder<Integer, Integer> builder = ClockProCache.builder()
        .executor(Runnable::run)
        .<Integer, Integer>removalListener((key, value, cause) -> heard(key, value, cause.name()));
    if (settings.weighted()) {
      builder.maximumWeight(Settings.MAXIMUM).weigher(new SharedWeigher());
    } else {
      builder.maximumSize(Settings.MAXIMUM);
    }
    switch (settings.expiry()) {
      case NONE -> { }
      case AFTER_WRITE -> builder.ticker(ticker).expireAfterWrite(settings.lifetime());
      case AFTER_ACCESS -> builder.ticker(ticker).expireAfterAccess(settings.lifetime());
      case VARIABLE -> builder.ticker(ticker).expireAfter(new SharedExpiry(settings.scale()));
    }
    this.cache = builder.build(settings.bulkLoader() ? new CacheLoader<Integer, Integer>() {
      @Override
      public Integer load(Integer key) throws Exception {
        return ClockproSide.this.load(key);
      }

      @Override
      public Integer reload(Integer key, Integer oldValue) throws Exception {
        return ClockproSide.this.reload(key, oldValue);
      }

      @Override
      public Map<Integer, Integer> loadAll(Set<? extends Integer> keys) throws Exception {
        return ClockproSide.this.loadAll(keys);
      }
    } : new CacheLoader<Integer, Integer>() {
      @Override
      public Integer load(Integer key) throws Exception {
        return ClockproSide.this.load(key);
      }

      @Override
      public Integer reload(Integer key, Integer oldValue) throws Exception {
        return ClockproSide.this.reload(key, oldValue);
      }
    });
  }

  @Override
  void put(Integer key, Integer value) {
    cache.put(key, value);
  }

  @Override
  void putAll(Map<Integer, Integer> entries) {
    cache.putAll(entries);
  }

  @Override
  Integer getIfPresent(Integer key) {
    return cache.getIfPresent(key);
  }

  @Override
  Map<Integer, Integer> getAllPresent(List<Integer> keys) {
    return cache.getAllPresent(keys);
  }

  @Override
  Integer get(Integer key, Function<Integer, Integer> loader) {
    return cache.get(key, loader);
  }

  @Override
  Integer get(Integer key) {
    return cache.get(key);
  }

  @Override
  Map<Integer, Integer> getAll(List<Integer> keys, Function<Set<? extends Integer>, Map<Integer, Integer>> loader) {
    return cache.getAll(keys, loader);
  }

  @Override
  Map<Integer, Integer> getAll(List<Integer> keys) {
    return cache.getAll(keys);
  }

  @Override
  CompletableFuture<Integer> refresh(Integer key) {
    return cache.refresh(key);
  }

  @Override
  void invalidate(Integer key) {
    cache.invalidate(key);
  }

  @Override
  void invalidateAll(List<Integer> keys) {
    cache.invalidateAll(keys);
  }

  @Override
  void invalidateAll() {
    cache.invalidateAll();
  }

  @Override
  ConcurrentMap<Integer, Integer> asMap() {
    return cache.asMap();
  }

  @Override
  void cleanUp() {
    cache.cleanUp();
  }

  @Override
  long size() {
    return cache.size();
  }

  @Override
  OptionalLong weightedSize() {
    return cache.policy().weightedSize();
  }

  @Override
  List<Long> statistics() {
    var stats = cache.stats();
    return List.of(stats.hitCount(), stats.missCount(), stats.loadSuccessCount(), stats.loadFailureCount(),
        stats.evictionCount());
  }
}
