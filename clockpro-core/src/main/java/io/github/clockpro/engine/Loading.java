package io.github.clockpro.engine;

import io.github.clockpro.RemovalCause;
import java.util.function.Function;

/**
 * The loads in flight of one {@link BoundedCache}: the miss path of a read-through lookup.
 *
 * <h2>Design</h2>
 * A load in flight is a placeholder {@link Node}: mapped and linked into a ring like an entry, with
 * {@link Node#loading} set and a {@link Load} (a future owned by the loading thread) as its value. The first caller
 * for a key maps and links the placeholder through the cache's insert, evicting one entry if the cache is full,
 * exactly as an insert does; it then runs the loader outside every lock and fills the placeholder with the value
 * under the node's monitor alone. Later callers find the placeholder and wait for its Load. So a miss takes one
 * lookup without the lock and one critical section, as an insert does, and allocates the Node and the Load only.
 * The policy passes over placeholders (see {@link ClockProPolicy}), so a load keeps its place unless every entry
 * an eviction examines is a load. A load that fails unlinks and unmaps its placeholder under the eviction lock;
 * the entry evicted to make room for it stays evicted, as in cache2k. A put of the key during the load fills the
 * placeholder itself, and the load then returns the put's value; every other operation sees a placeholder as
 * absent.
 *
 * <p>Fields: none change; the cache and the counters are thread-safe on their own.
 */
final class Loading<K, V> {

  private final BoundedCache<K, V> cache;
  private final Counters counters;

  Loading(BoundedCache<K, V> cache, Counters counters) {
    this.cache = cache;
    this.counters = counters;
  }

  /**
   * Joins the load in flight for the key, or maps a placeholder and runs the loader: {@code found} is what the
   * caller's lookup saw, a placeholder or {@code null}.
   */
  V load(K key, int hash, Node<K, V> found, Function<? super K, ? extends V> loader) {
    Node<K, V> node = found;
    if (node == null) {
      Load<V> load = new Load<>();
      Node<K, V> placeholder = Node.placeholder(key, hash, load);
      node = cache.insert(placeholder);
      if (node == null) {
        return run(placeholder, load, loader);
      }
    }
    V value = node.value;
    if (value instanceof Load) {
      @SuppressWarnings("unchecked")
      Load<V> inFlight = (Load<V>) value;
      return inFlight.await();
    }
    return cache.read(node);
  }

  /**
   * Fills a placeholder with its first value, under the node's monitor and no other lock; the node is already
   * linked. Returns {@code false}, and changes nothing, if the node is no longer a placeholder (another caller
   * filled it first) or has left the map (its load failed, or it was evicted).
   */
  boolean fill(Node<K, V> placeholder, V value) {
    synchronized (placeholder) {
      if (!placeholder.loading || placeholder.retired) {
        return false;
      }
      placeholder.fillValue(value);
      counters.recordFill(); // before the node can leave the map: any removal that counts it sees this count
      placeholder.loading = false; // the linearization point: a reader that sees it clear sees the value
    }
    return true;
  }

  /**
   * Runs the loader for a mapped placeholder and completes its Load on every path, so that no waiter waits
   * forever: the value, {@code null}, or the loader's exception.
   */
  private V run(Node<K, V> placeholder, Load<V> load, Function<? super K, ? extends V> loader) {
    V result;
    try {
      V loaded = callLoader(placeholder.key, loader);
      if (loaded == null) {
        cache.removePlaceholder(placeholder);
        result = null;
      } else if (fill(placeholder, loaded)) {
        result = loaded;
      } else if (placeholder.loading) {
        result = loaded; // evicted while loading: returned, and reported as evicted, but not cached
        cache.notifyRemoval(placeholder.key, loaded, RemovalCause.SIZE);
      } else {
        result = placeholder.value; // a put filled the placeholder first: its value wins
      }
    } catch (Throwable failure) {
      cache.removePlaceholder(placeholder);
      load.completeExceptionally(failure);
      throw failure;
    }
    load.complete(result);
    return result;
  }

  private V callLoader(K key, Function<? super K, ? extends V> loader) {
    long start = System.nanoTime();
    V value;
    try {
      value = loader.apply(key);
    } catch (Throwable failure) {
      counters.recordLoadFailure(System.nanoTime() - start);
      throw failure;
    }
    long nanos = System.nanoTime() - start;
    if (value == null) {
      counters.recordLoadFailure(nanos);
    } else {
      counters.recordLoadSuccess(nanos);
    }
    return value;
  }
}
