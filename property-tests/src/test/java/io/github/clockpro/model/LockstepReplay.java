package io.github.clockpro.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.engine.CacheFactory;
import java.util.function.IntToLongFunction;

/**
 * Replays keys through a new cache and a new {@link ReferenceModel} of the same size side by side, as
 * get-then-put-on-miss, and fails at the first event where one hits and the other misses, or if they end with
 * different resident keys.
 */
final class LockstepReplay {

  final ClockProCache<Long, Long> cache;
  final ReferenceModel<Long> model;
  long hits;

  private LockstepReplay(int size) {
    // The seed 0: the hashes of Long keys with high bits set are then the model's fingerprints (see ReferenceModel).
    cache = CacheFactory.newBoundedCache(size, CacheBuilder.DEFAULT_SCAN_LIMIT, Math.min(size, 16), null, 0);
    model = new ReferenceModel<>(size, CacheBuilder.DEFAULT_SCAN_LIMIT, Object::hashCode);
  }

  /** Replays {@code events} keys, the key of event {@code i} given by {@code keyOfEvent}, and checks agreement. */
  static LockstepReplay run(int size, int events, IntToLongFunction keyOfEvent) {
    LockstepReplay replay = new LockstepReplay(size);
    for (int i = 0; i < events; i++) {
      Long key = keyOfEvent.applyAsLong(i);
      boolean cacheHit = replay.cache.getIfPresent(key) != null;
      boolean modelHit = replay.model.contains(key);
      if (cacheHit != modelHit) {
        assertEquals(modelHit, cacheHit, "event " + i + " (key " + key + "): the model " + (modelHit ? "hit" : "missed"));
      }
      if (cacheHit) {
        replay.hits++;
        replay.model.reference(key);
      } else {
        replay.cache.put(key, key);
        replay.model.insert(key);
      }
    }
    assertEquals(replay.model.residentKeys(), replay.cache.asMap().keySet(), "resident keys at the end");
    return replay;
  }
}
