package io.github.clockpro.engine;

import static io.github.clockpro.engine.KeyReferences.held;
import static io.github.clockpro.engine.KeyReferences.heldUntilDone;
import static io.github.clockpro.engine.KeyReferences.programKeysOf;

import io.github.clockpro.ClockProLoadingCache;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A loading cache built with {@code weakKeys}: the engine's loading cache, seen with the program's keys as
 * {@link WeakKeysCache} translates them. Its loader is given the program's keys ({@link WeakKeysSettings#loader}).
 * A key whose entry was collected is absent, so the next {@link #get} loads it again, counted as a miss. A refresh
 * keeps its key strongly reachable until it completes.
 *
 * @param <K> the program's type of keys
 * @param <V> the type of values
 */
final class WeakKeysLoadingCache<K, V> extends WeakKeysCache<K, V> implements ClockProLoadingCache<K, V> {

  private final ClockProLoadingCache<Object, V> engine;

  WeakKeysLoadingCache(ClockProLoadingCache<Object, V> engine, KeyReferences keys) {
    super(engine, keys);
    this.engine = engine;
  }

  @Override
  public V get(K key) {
    return held(key, engine.get(keyReferences.reference(key)));
  }

  @Override
  public Map<K, V> getAll(Iterable<? extends K> keys) {
    return held(keys, programKeysOf(engine.getAll(keyReferences.references(keys))));
  }

  @Override
  public CompletableFuture<V> refresh(K key) {
    return heldUntilDone(key, engine.refresh(keyReferences.reference(key)));
  }

  @Override
  public CompletableFuture<Map<K, V>> refreshAll(Iterable<? extends K> keys) {
    return heldUntilDone(keys, engine.refreshAll(keyReferences.references(keys)))
        .thenApply(KeyReferences::programKeysOf);
  }
}
