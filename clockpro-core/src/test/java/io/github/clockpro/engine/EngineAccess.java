package io.github.clockpro.engine;

import io.github.clockpro.ClockProCache;
import java.util.List;

/** What the engine's tests read from a cache built through the public builder. */
final class EngineAccess {

  private EngineAccess() {}

  @SuppressWarnings({"unchecked", "rawtypes"})
  static <K, V> BoundedCache<K, V> engine(ClockProCache<K, V> cache) {
    if (cache instanceof WeakKeysCache<?, ?> weakKeys) {
      return (BoundedCache) engine(weakKeys.engine()); // keyed by KeyReferences' objects
    }
    if (cache instanceof LoadingCacheView<K, V> view) {
      return view.engine();
    }
    return (BoundedCache<K, V>) cache;
  }

  /** The violated invariants, checked under the eviction lock; empty if all hold. */
  static List<String> checkInvariants(ClockProCache<?, ?> cache) {
    return engine(cache).checkInvariants();
  }
}
