package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import io.github.clockpro.Policy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Caffeine's {@code Policy.Eviction} over a bounded cache: the bound from {@link PolicyView}, and the entries in the
 * order of CLOCK-Pro's hands.
 *
 * <h2>Design</h2>
 * {@link #coldest} and {@link #hottest} walk the rings under the eviction lock, a constant amount of work per node
 * visited, and copy each live node's key; values are read after the lock, under which no user code runs, and a node
 * that has left or expired by then is skipped. Loads in flight are passed over, as the cold hand passes them. A walk
 * visits each ring's nodes at most once and stops when it has {@code limit} nodes: its work under the lock is the
 * entries it returns plus the loads in flight it passes.
 *
 * <p>Fields: none change.
 */
final class EvictionView<K, V> implements Policy.Eviction<K, V> {

  private final BoundedCache<K, V> cache;
  private final PolicyView<K, V> policy;

  EvictionView(BoundedCache<K, V> cache, PolicyView<K, V> policy) {
    this.cache = cache;
    this.policy = policy;
  }

  @Override
  public boolean isWeighted() {
    return policy.isWeighted();
  }

  /** The weight is guarded by the eviction lock; read here plainly, a benign race: an {@code int} is never torn. */
  @Override
  public OptionalInt weightOf(K key) {
    requireNonNull(key, "key");
    if (!policy.isWeighted()) {
      return OptionalInt.empty();
    }
    Node<K, V> node = cache.lookup(key, cache.data.hash(key));
    return node == null || node.loading || cache.peek(key) == null ? OptionalInt.empty()
        : OptionalInt.of(node.weight());
  }

  @Override
  public OptionalLong weightedSize() {
    return policy.weightedSize();
  }

  @Override
  public long getMaximum() {
    return policy.maximum();
  }

  @Override
  public void setMaximum(long maximum) {
    policy.setMaximum(maximum);
  }

  @Override
  public Map<K, V> coldest(int limit) {
    return snapshot(limit, true);
  }

  @Override
  public Map<K, V> hottest(int limit) {
    return snapshot(limit, false);
  }

  private Map<K, V> snapshot(int limit, boolean coldestFirst) {
    if (limit < 0) {
      throw new IllegalArgumentException("limit must not be negative but was " + limit);
    }
    List<Node<K, V>> nodes = new ArrayList<>(Math.min(limit, 1024));
    if (limit > 0) {
      collect(nodes, limit, coldestFirst);
    }
    Map<K, V> entries = new LinkedHashMap<>();
    for (Node<K, V> node : nodes) {
      V value = cache.peek(node.key);
      if (value != null) {
        entries.put(node.key, value);
      }
    }
    return Collections.unmodifiableMap(entries);
  }

  /** Under the eviction lock: the first {@code limit} resident nodes in hand order, or in its reverse. */
  private void collect(List<Node<K, V>> nodes, int limit, boolean coldestFirst) {
    long waitStart = cache.evictionLock.awaitFree();
    synchronized (cache.evictionLock) {
      cache.evictionLock.acquired(waitStart);
      try {
        ClockProPolicy<K, V> clock = cache.policy;
        if (coldestFirst) {
          walk(clock.coldRing(), nodes, limit, true);
          walk(clock.hotRing(), nodes, limit, true);
        } else {
          walk(clock.hotRing(), nodes, limit, false);
          walk(clock.coldRing(), nodes, limit, false);
        }
      } finally {
        cache.evictionLock.releasing();
      }
    }
  }

  /**
   * Adds a ring's resident nodes to {@code nodes} until it holds {@code limit}: from the hand forward, or from the
   * node behind the hand (the one it reaches last) backward.
   */
  private static <K, V> void walk(Ring<K, V> ring, List<Node<K, V>> nodes, int limit, boolean forward) {
    Node<K, V> start = ring.hand();
    if (start == null) {
      return;
    }
    Node<K, V> node = forward ? start : start.previous;
    for (int visited = 0; visited < ring.size() && nodes.size() < limit; visited++) {
      if (!node.loading) {
        nodes.add(node);
      }
      node = forward ? node.next : node.previous;
    }
  }
}
