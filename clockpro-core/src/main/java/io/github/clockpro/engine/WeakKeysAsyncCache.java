package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.ClockProAsyncCache;
import io.github.clockpro.ClockProCache;
import java.util.ArrayList;
import java.util.List;
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
 *
 * @param <K> the program's type of keys
 * @param <V> the type of values
 */
class WeakKeysAsyncCache<K, V> implements ClockProAsyncCache<K, V> {

  private final ClockProAsyncCache<Object, V> engine;
  private final ClockProCache<K, V> synchronous;
  final KeyReferences keyReferences;
  private final ConcurrentMap<K, CompletableFuture<V>> mapView;

  WeakKeysAsyncCache(ClockProAsyncCache<Object, V> engine, ClockProCache<K, V> synchronous, KeyReferences keys) {
    this.engine = engine;
    this.synchronous = synchronous;
    this.keyReferences = keys;
    this.mapView = new WeakKeysMap<>(engine.asMap(), keys);
  }

  @Override
  public CompletableFuture<V> getIfPresent(K key) {
    return engine.getIfPresent(KeyReferences.lookup(requireNonNull(key, "key")));
  }

  @Override
  public CompletableFuture<V> get(K key, Function<? super K, ? extends V> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return engine.get(reference(key), engineKey -> mappingFunction.apply(key));
  }

  @Override
  public CompletableFuture<V> get(K key,
      BiFunction<? super K, ? super Executor, ? extends CompletableFuture<? extends V>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return engine.get(reference(key), (engineKey, executor) -> mappingFunction.apply(key, executor));
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return engine.getAll(references(keys), engineKeys -> keyReferences.referencesOf(
        mappingFunction.apply(KeyReferences.programKeys(engineKeys)))).thenApply(KeyReferences::programKeysOf);
  }

  @Override
  public CompletableFuture<Map<K, V>> getAll(Iterable<? extends K> keys,
      BiFunction<? super Set<? extends K>, ? super Executor,
          ? extends CompletableFuture<? extends Map<? extends K, ? extends V>>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return engine.getAll(references(keys), (engineKeys, executor) -> mappingFunction
        .apply(KeyReferences.programKeys(engineKeys), executor)
        .thenApply(loaded -> keyReferences.<V>referencesOf(loaded)))
        .thenApply(KeyReferences::programKeysOf);
  }

  @Override
  public void put(K key, CompletableFuture<? extends V> valueFuture) {
    engine.put(reference(key), valueFuture);
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

  final Object reference(K key) {
    return keyReferences.reference(requireNonNull(key, "key"));
  }

  /** New references to the program's keys, each checked before anything changes. */
  final List<Object> references(Iterable<? extends K> programKeys) {
    requireNonNull(programKeys, "keys");
    List<Object> references = new ArrayList<>();
    for (K key : programKeys) {
      references.add(reference(key));
    }
    return references;
  }
}
