package io.github.clockpro.engine;

import static io.github.clockpro.engine.KeyReferences.heldUntilDone;

import io.github.clockpro.ClockProAsyncLoadingCache;
import io.github.clockpro.ClockProLoadingCache;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * An asynchronous loading cache built with {@code weakKeys}: the engine's, seen with the program's keys as
 * {@link WeakKeysCache} translates them; its loader is given the program's keys
 * ({@link WeakKeysSettings#asyncLoader}), and its synchronous view is a {@link WeakKeysLoadingCache}.
 *
 * @param <K> the program's type of keys
 * @param <V> the type of values
 */
final class WeakKeysAsyncLoadingCache<K, V> extends WeakKeysAsyncCache<K, V>
    implements ClockProAsyncLoadingCache<K, V> {

  private final ClockProAsyncLoadingCache<Object, V> engine;
  private final ClockProLoadingCache<K, V> synchronous;

  WeakKeysAsyncLoadingCache(ClockProAsyncLoadingCache<Object, V> engine, ClockProLoadingCache<K, V> synchronous,
      KeyReferences keys) {
    super(engine, synchronous, keys);
    this.engine = engine;
    this.synchronous = synchronous;
  }

  @Override
  public CompletableFuture<V> get(K key) {
    return heldUntilDone(key, engine.get(keyReferences.reference(key)));
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys) {
    return heldUntilDone(keys, engine.getAll(keyReferences.references(keys))).thenApply(KeyReferences::programKeysOf);
  }

  @Override
  public ClockProLoadingCache<K, V> synchronous() {
    return synchronous;
  }
}
