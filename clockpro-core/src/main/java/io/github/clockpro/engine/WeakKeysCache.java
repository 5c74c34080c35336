package io.github.clockpro.engine;

import static io.github.clockpro.engine.KeyReferences.held;
import static io.github.clockpro.engine.KeyReferences.lookup;
import static io.github.clockpro.engine.KeyReferences.lookups;
import static io.github.clockpro.engine.KeyReferences.programKeys;
import static io.github.clockpro.engine.KeyReferences.programKeysOf;
import static java.util.Objects.requireNonNull;

import io.github.clockpro.CacheStats;
import io.github.clockpro.ClockProCache;
import io.github.clockpro.Policy;
import java.lang.ref.Reference;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * A cache built with {@code weakKeys}: the engine's cache keyed by {@link KeyReferences}' objects, seen with the
 * program's keys, compared by identity ({@code ==}) and held weakly, as in Caffeine.
 *
 * <p>Contract: every operation is the engine's, with keys translated at this edge. A read looks its key up without
 * storing anything; a write that may store its key passes a new weak reference to it. Each operation keeps its
 * keys strongly reachable until the engine returns ({@link KeyReferences#held}), so that the collector never
 * takes a key while its load or compute runs. Maps returned and views give the program's keys and leave out
 * entries whose key was collected, which no lookup finds again: they are never served, and the engine clears
 * them within its per-operation bound, reporting them as collected (see {@code BoundedCache}, "Collected keys").
 *
 * <p>Design. This class, {@link WeakKeysMap} and {@link WeakKeysPolicy} are the whole translation; the engine
 * itself changes only in clearing collected keys. A cache that does not ask for weak keys never meets these
 * classes, and keeps its nodes and its hit path. The cost of the edge falls on weak-key caches alone: one lookup
 * object per read, one weak reference per write (left to the collector, unqueued, when the key was present
 * already), and a map copied for each bulk call.
 *
 * @param <K> the program's type of keys
 * @param <V> the type of values
 */
class WeakKeysCache<K, V> implements ClockProCache<K, V> {

  private final ClockProCache<Object, V> engine;
  /** Makes the references that writes store; shared with the loading form. */
  final KeyReferences keyReferences;
  private final ConcurrentMap<K, V> mapView;
  private final Policy<K, V> policyView;

  WeakKeysCache(ClockProCache<Object, V> engine, KeyReferences keys) {
    this.engine = engine;
    this.keyReferences = keys;
    this.mapView = new WeakKeysMap<>(engine.asMap(), keys, false);
    this.policyView = new WeakKeysPolicy<>(engine.policy(), keys);
  }

  @Override
  public V getIfPresent(K key) {
    return held(key, engine.getIfPresent(lookup(key)));
  }

  @Override
  public Map<K, V> getAllPresent(Iterable<? extends K> keys) {
    return held(keys, programKeysOf(engine.getAllPresent(lookups(keys))));
  }

  @Override
  public V get(K key, Function<? super K, ? extends V> loader) {
    requireNonNull(loader, "loader");
    return held(key, engine.get(keyReferences.reference(key), engineKey -> loader.apply(key)));
  }

  @Override
  public Map<K, V> getAll(Iterable<? extends K> keys,
      Function<? super Set<? extends K>, ? extends Map<? extends K, ? extends V>> mappingFunction) {
    requireNonNull(mappingFunction, "mappingFunction");
    return held(keys, programKeysOf(engine.getAll(keyReferences.references(keys),
        engineKeys -> keyReferences.referencesOf(mappingFunction.apply(programKeys(engineKeys))))));
  }

  @Override
  public void put(K key, V value) {
    engine.put(keyReferences.reference(key), value);
    Reference.reachabilityFence(key);
  }

  /** Checks every key and value before any change: the engine rejects the {@code null} a {@code null} key maps to. */
  @Override
  public void putAll(Map<? extends K, ? extends V> map) {
    requireNonNull(map, "map");
    engine.putAll(keyReferences.referencesOf(map));
    Reference.reachabilityFence(map);
  }

  @Override
  public void invalidate(K key) {
    engine.invalidate(lookup(key));
    Reference.reachabilityFence(key);
  }

  @Override
  public void invalidateAll(Iterable<? extends K> keys) {
    engine.invalidateAll(lookups(keys));
    Reference.reachabilityFence(keys);
  }

  @Override
  public void invalidateAll() {
    engine.invalidateAll();
  }

  @Override
  public int size() {
    return engine.size();
  }

  @Override
  public void cleanUp() {
    engine.cleanUp();
  }

  @Override
  public ConcurrentMap<K, V> asMap() {
    return mapView;
  }

  @Override
  public CacheStats stats() {
    return engine.stats();
  }

  @Override
  public Policy<K, V> policy() {
    return policyView;
  }

  @Override
  public String toString() {
    return engine.toString();
  }

  /** The engine's cache, keyed by {@link KeyReferences}' objects; for tests. */
  ClockProCache<Object, V> engine() {
    return engine;
  }
}
