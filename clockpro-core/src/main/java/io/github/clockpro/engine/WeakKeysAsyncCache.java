package io.github.clockpro.engine;

import static io.github.clockpro.engine.KeyReferences.held;
import static io.github.clockpro.engine.KeyReferences.heldUntilDone;
import static io.github.clockpro.engine.KeyReferences.lookup;
import static io.github.clockpro.engine.KeyReferences.programKeys;
import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import java.lang.ref.Reference;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * An asynchronous cache built with {@code weakKeys}: the engine's asynchronous cache, seen with the program's keys
 * as {@link WeakKeysCache} translates them; its synchronous view is a {@link WeakKeysCache} of the same engine.
 * A future pending in the cache, whether a function returned it or the program put it, keeps its key strongly
 * reachable until it completes ({@link KeyReferences#heldUntilDone}), as in Caffeine.
 *
 * @param <K> the program's type of keys
 * @param <V> the type of values
 */
class WeakKeysAsyncCache<K, V> implements ClockProAsyncCache<K, V> {

  private final ClockProAsyncCache<Object, V> engine;
  private final ClockProCache<K, V> synchronous;
  /** Makes the references that writes store; shared with the loading form. */
  final KeyReferences keyReferences;
  private final ConcurrentMap<K, CompletableFuture<V>> mapView;

  WeakKeysAsyncCache(ClockProAsyncCache<Object, V> engine, ClockProCache<K, V> synchronous, KeyReferences keys) {
    this.engine = engine;
    this.synchronous = synchronous;
    this.keyReferences = keys;
    this.mapView = new WeakKeysMap<>(engine.asMap(), keys, true);
  }

  @Override
  public CompletableFuture<V> getIfPresent(K key) {
    return held(key, engine.getIfPresent(lookup(key)));
  }

  @Override
  public CompletableFuture<V> get(K key, Function<? super K, ? extends V> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return heldUntilDone(key, engine.get(keyReferences.reference(key), engineKey -> mappingFunction.apply(key)));
  }

  @Override
  public CompletableFuture<V> get(K key,
      BiFunction<? super K, ? super Executor, ? extends CompletableFuture<? extends V>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return held(key, engine.get(keyReferences.reference(key),
        (engineKey, executor) -> heldUntilDone(key, mappingFunction.apply(key, executor))));
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return heldUntilDone(keys, engine.getAll(keyReferences.references(keys),
        engineKeys -> keyReferences.referencesOf(mappingFunction.apply(programKeys(engineKeys)))))
        .thenApply(KeyReferences::programKeysOf);
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      BiFunction<? super Set<? extends K>, ? super Executor,
          ? extends CompletableFuture<? extends Map<? extends K, ? extends V>>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return heldUntilDone(keys, engine.getAll(keyReferences.references(keys), (engineKeys, executor) -> {
      Set<K> absent = programKeys(engineKeys);
      return heldUntilDone(absent, mappingFunction.apply(absent, executor))
          .thenApply(loaded -> keyReferences.<V>referencesOf(loaded));
    })).thenApply(KeyReferences::programKeysOf);
  }

  @Override
  public void put(K key, CompletableFuture<? extends V> valueFuture) {
    engine.put(keyReferences.reference(key), heldUntilDone(key, valueFuture));
    Reference.reachabilityFence(key);
  }

  @Override
  public ConcurrentMap<K, CompletableFuture<V>> asMap() {
    return mapView;
  }

  @Override
  public ClockProCache<K, V> synchronous() {
    return synchronous;
  }

  @Override
  public String toString() {
    return engine.toString();
  }
}
