package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.RemovalCause;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;

/**
 * The atomic {@code compute}, {@code computeIfPresent} and {@code merge} of {@link CacheMapView}: each calls its
 * function at most once per call, atomically with respect to every other write of the key, and never while
 * holding the eviction lock. ({@code computeIfAbsent} is a load: see {@link Loading}.)
 *
 * <h2>Design</h2>
 * <ul>
 *   <li><b>A present key</b>: the function runs under the node's monitor, where every value write of the key
 *       happens (see {@link Node}), so no other write of the key comes between the value it is given and the one
 *       it returns. A non-null result is written there, as a put writes. A {@code null} result must remove the
 *       entry, which takes the eviction lock, and the lock order (the eviction lock, then a monitor) forbids
 *       taking it under the monitor; so the compute <em>retires</em> the node under the monitor and unmaps it
 *       under the eviction lock right after. In between, readers still see the old value (the compute has not
 *       taken effect), and writers, which check {@link Node#retired} under the monitor, unmap the node themselves
 *       and look again, so they take effect after it. An eviction or removal that meets such a node unmaps it
 *       without reporting it: the compute reports it, once, as {@link RemovalCause#EXPLICIT}.
 *   <li><b>An absent key</b> ({@code compute} only): an <em>exclusive</em> placeholder is mapped and linked as a
 *       load's is, evicting at most one entry; the function runs outside every lock, and its result fills the
 *       placeholder, or a {@code null} result or an exception removes it. A put of the key meanwhile waits for
 *       it rather than filling it, and a {@code get(key, loader)} waits and then looks again, so the function's
 *       result is the key's next value.
 *   <li><b>A load in flight</b> for the key: {@code compute} and {@code merge} wait for it and look again;
 *       {@code computeIfPresent} sees the key absent, as every operation but a put does.
 *   <li><b>{@code merge} of an absent key</b> inserts the given value as {@code putIfAbsent} does, without a
 *       placeholder: the function is not called.
 * </ul>
 * So a compute takes at most three critical sections of the eviction lock, each bounded as an insert's is: the
 * registration of a present key's node (see below), and an insert or a removal.
 *
 * <h2>User code under a monitor</h2>
 * For a present key the function (and an {@link io.github.clockpro.Expiry}'s {@code expireAfterUpdate}, and the
 * weigher) runs under the node's monitor, as {@code ConcurrentHashMap} runs it under its bin's lock. It may read
 * the cache, as {@code ConcurrentHashMap} and Caffeine allow; a read that finds an entry expired removes it under
 * the eviction lock. So that no holder of the eviction lock ever waits for this monitor (which would close a cycle
 * with such a read), the compute first registers the node in {@link ComputesInFlight}, under the eviction lock,
 * and leaves it once it has released the monitor; evictions and expiry pass over a registered node, and a removal
 * waits for the compute with no lock held. The function must not write to the cache: a write of the same key from
 * inside it is rejected with {@link IllegalStateException} where it would wait on itself (an absent key's
 * placeholder); under the monitor, which is reentrant, it is not detected.
 *
 * <p>Fields: none change; the cache, the loads and the counters are thread-safe on their own.
 */
record Computing<K, V>(EntryStore<K, V> cache, Loading<K, V> loading, Counters counters) {

  /** {@code ConcurrentMap.compute}. */
  V compute(K key, BiFunction<? super K, ? super V, ? extends V> function) {
    requireNonNull(key, "key");
    requireNonNull(function, "remappingFunction");
    return remap(key, function, true, null);
  }

  /** {@code ConcurrentMap.computeIfPresent}. */
  V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> function) {
    requireNonNull(key, "key");
    requireNonNull(function, "remappingFunction");
    return remap(key, function, false, null);
  }

  /**
   * Stores a refresh's outcome, {@code reloaded}, or a removal if it is {@code null}, if the key still holds
   * {@code expected}, the very instance the refresh started from, and the refresh is still {@code current}, which
   * every write of the key ends (see {@link Refreshing}); both are checked under the node's monitor. The stored
   * value is a write, as a put's: it renews the entry's write time and deadline, also when it is {@code expected}
   * itself, and is reported as a replacement only if it is another instance. Otherwise changes nothing, and
   * reports {@code reloaded}, unless it is the value the key holds, as dropped, as Caffeine does: as
   * {@code REPLACED} if the key holds another value, as {@code EXPLICIT} if it holds none.
   */
  void refreshed(K key, V expected, V reloaded, BooleanSupplier current) {
    int hash = cache.hash(key);
    long now = cache.writeTime();
    Node<K, V> node = cache.lookup(key, hash);
    if (node == null || node.loading) {
      dropped(key, reloaded, null);
      return;
    }
    long deadline = reloaded == null ? 0 : cache.deadlineAfterUpdate(node, reloaded, now); // user code: before
    int weight = reloaded == null ? 0 : cache.weigh(key, reloaded); // the monitor, as a put's
    boolean stored = false;
    V present = null;
    synchronized (node) {
      if (!node.retired && !cache.expiredAt(node, now)) {
        present = node.value();
        if (present == expected && current.getAsBoolean()) {
          stored = true;
          if (reloaded == null) {
            node.retired = true; // removed: unmapped under the eviction lock below, as a compute's removal
          } else {
            node.value = cache.stored(node, reloaded);
            cache.writeDeadline(node, deadline); // after the value: see ExpiringNode
          }
        }
      }
    }
    if (!stored) {
      dropped(key, reloaded, present); // written, removed or expired meanwhile: the write wins
      return;
    }
    if (reloaded == null) {
      cache.unmapIfRetired(node);
      cache.notifyRemoval(key, expected, RemovalCause.EXPLICIT);
      return;
    }
    cache.replaced(node, expected, reloaded, weight);
  }

  /** Reports a refresh's value that was not stored, unless it is none or the value the key holds. */
  private void dropped(K key, V reloaded, V present) {
    if (reloaded != null && reloaded != present) {
      cache.notifyRemoval(key, reloaded, present == null ? RemovalCause.EXPLICIT : RemovalCause.REPLACED);
    }
  }

  /** {@code ConcurrentMap.merge}. */
  V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> function) {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
    requireNonNull(function, "remappingFunction");
    return remap(key, (unused, present) -> function.apply(present, value), true, value);
  }

  /**
   * Runs the function on the key's present value, or on an absent key if {@code ifAbsent}: with {@code null}, or,
   * for a merge ({@code mergeValue} not {@code null}), by inserting {@code mergeValue} without calling it.
   */
  private V remap(K key, BiFunction<? super K, ? super V, ? extends V> function, boolean ifAbsent,
      V mergeValue) {
    int hash = cache.hash(key);
    for (;;) {
      long now = cache.writeTime();
      Node<K, V> node = cache.lookup(key, hash);
      if (node == null) {
        if (!ifAbsent) {
          return null;
        }
        if (mergeValue != null) {
          cache.discardRefresh(key);
          if (cache.insert(key, hash, mergeValue, now)) {
            counters.recordPut();
            return mergeValue;
          }
          continue; // mapped since the lookup: look again
        }
        Load<V> load = Load.exclusive();
        Node<K, V> placeholder = cache.reserve(key, hash, load, now);
        if (placeholder != null) {
          return computeAbsent(placeholder, load, function);
        }
        continue;
      }
      if (node.loading) {
        if (!ifAbsent) {
          return null; // a load in flight is absent to all but a put
        }
        if (node.value instanceof Load<?> inFlight) {
          @SuppressWarnings("unchecked")
          Load<V> typed = (Load<V>) inFlight;
          typed.awaitQuietly();
          loading.removeIfFailed(node, typed);
        }
        continue; // the load finished, or was filled after the lookup: look again
      }
      Headroom.check(); // the stack to finish after the function: a retired node must be unmapped
      V previous = null;
      V result = null;
      int weight = 0;
      boolean retired;
      boolean expired = false;
      cache.enterCompute(node); // so that no holder of the eviction lock waits for this monitor: see below
      try {
        synchronized (node) {
          retired = node.retired;
          if (!retired) {
            previous = node.value(); // held from here: a value collected is absent, as an expired one
            expired = cache.expiredAt(node, now) || previous == null;
            if (!expired) {
              result = function.apply(key, previous);
              cache.discardRefresh(key); // a write: the key's refresh in flight no longer applies
              if (result == null) {
                node.retired = true; // removed: unmapped under the eviction lock below
              } else {
                weight = cache.weigh(key, result); // user code under the monitor, as the function: see Weigher
                long deadline = cache.deadlineAfterUpdate(node, result, now);
                node.value = cache.stored(node, result);
                cache.writeDeadline(node, deadline); // after the value: see ExpiringNode
              }
            }
          }
        }
      } finally {
        cache.leaveCompute(node);
      }
      if (retired) {
        cache.unmapIfRetired(node); // it left the map, or another compute is removing it: look again
        continue;
      }
      if (expired) {
        cache.expireFound(node, now); // absent to the function: remove it, expired or collected, then look again
        continue;
      }
      if (result == null) {
        cache.unmapIfRetired(node);
        cache.notifyRemoval(key, previous, RemovalCause.EXPLICIT);
        return null;
      }
      cache.replaced(node, previous, result, weight);
      return result;
    }
  }

  /** Runs a compute's function for an absent key whose exclusive placeholder is mapped, and settles it. */
  private V computeAbsent(Node<K, V> placeholder, Load<V> load,
      BiFunction<? super K, ? super V, ? extends V> function) {
    V result;
    try {
      result = function.apply(placeholder.key, null);
    } catch (Throwable failure) {
      load.completeExceptionally(failure); // first: see "Errors" in Loading
      cache.removePlaceholder(placeholder);
      throw failure;
    }
    if (result == null) {
      load.complete(null);
      cache.removePlaceholder(placeholder);
      return null;
    }
    V stored = loading.finish(placeholder, load, result); // exclusive: no put filled it first
    counters.recordPut(); // after: an expiry or weigher that fails makes it no put
    return stored;
  }
}
