package io.github.clockpro.differential;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.CacheLoader;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.ClockProLoadingCache;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The clockpro cache of a differential run, built with the run's {@link Settings}. */
final class ClockproSide {

  private ClockproSide() {}

  /** Builds the cache for the side and names its calls: a {@link Side.Library}. */
  static Side.Calls build(Settings settings, SharedTicker ticker, Side side) {
    CacheBuilder<Integer, Integer> builder = ClockProCache.builder()
        .executor(Runnable::run)
        .<Integer, Integer>removalListener((key, value, cause) -> side.heard(key, value, cause.name()));
    if (settings.weighted()) {
      builder.maximumWeight(Settings.MAXIMUM).weigher(new SharedWeigher());
    } else {
      builder.maximumSize(Settings.MAXIMUM);
    }
    switch (settings.references()) {
      case STRONG -> { }
      case WEAK_KEYS -> builder.weakKeys();
      case WEAK_VALUES -> builder.weakValues();
      case SOFT_VALUES -> builder.softValues();
    }
    switch (settings.expiry()) {
      case NONE -> { }
      case AFTER_WRITE -> builder.ticker(ticker).expireAfterWrite(settings.lifetime());
      case AFTER_ACCESS -> builder.ticker(ticker).expireAfterAccess(settings.lifetime());
      case VARIABLE -> builder.ticker(ticker).expireAfter(new SharedExpiry(settings.scale()));
    }
    ClockProLoadingCache<Integer, Integer> cache =
        builder.build(settings.bulkLoader() ? new BulkLoader(side) : new Loader(side));
    return new Side.Calls(cache::put, cache::putAll, cache::getIfPresent, cache::getAllPresent, cache::get,
        cache::get, cache::getAll, cache::getAll, cache::refresh, cache::invalidate, cache::invalidateAll,
        cache::invalidateAll, cache::asMap, cache::cleanUp, cache::size, () -> cache.policy().weightedSize(),
        () -> {
          var stats = cache.stats();
          return List.of(stats.hitCount(), stats.missCount(), stats.loadSuccessCount(), stats.loadFailureCount(),
              stats.evictionCount());
        });
  }

  /** The side's loader, without {@code loadAll}, so that {@code getAll} loads key by key. */
  private static class Loader implements CacheLoader<Integer, Integer> {
    final Side side;

    Loader(Side side) {
      this.side = side;
    }

    @Override
    public Integer load(Integer key) throws Exception {
      return side.load(key);
    }

    @Override
    public Integer reload(Integer key, Integer oldValue) throws Exception {
      return side.reload(key, oldValue);
    }
  }

  /** The side's loader with {@code loadAll}. */
  private static final class BulkLoader extends Loader {
    BulkLoader(Side side) {
      super(side);
    }

    @Override
    public Map<Integer, Integer> loadAll(Set<? extends Integer> keys) throws Exception {
      return side.loadAll(keys);
    }
  }
}
