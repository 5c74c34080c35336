package io.github.clockpro.engine;

import static java.util.Objects.requireNonNull;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The keys of a cache built with {@code weakKeys}: the engine keys such a cache by opaque objects that this class
 * makes, and the garbage collector's queue of those whose key it took.
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #reference} makes the key a write may store: a {@link WeakReference} to the program's key,
 *       registered with the queue. {@link #lookup} makes the key a read looks up with, which holds the program's key
 *       strongly and is never stored. Both hash by the key's identity hash, captured when made, and equal every
 *       other of the two whose referent is the same object ({@code ==}): two keys that are {@code equals} but
 *       distinct are two entries, as in Caffeine. A reference whose key was collected equals only itself, so no
 *       lookup finds its entry again: it is never served.
 *   <li>{@link #key} gives back the program's key, {@code null} once collected; user code (loaders, weighers,
 *       expiries, listeners, functions) and views see only such keys.
 *   <li>{@link #poll} is called by the holder of the cache's eviction lock only, within its bounded share of
 *       collected entries per critical section (see {@code BoundedCache}, "Collected values").
 * </ul>
 *
 * <p>Design. The translation happens at the edge ({@link WeakKeysCache} and its views), so that a cache without
 * weak keys runs the same engine, with the same nodes and the same hit path: the engine compares and hashes these
 * objects through their {@code equals} and {@code hashCode}, as it does any key. A polled reference does not know
 * its node (it is made before the node); the engine finds the node by looking the reference up, which only the
 * node that stores this very reference matches. A polled reference whose node a load or compute holds cannot be
 * cleared yet; it is deferred, and the next drain looks it up again, so that its entry leaves once the load or
 * compute ends rather than staying until evicted.
 *
 * <p>Fields: {@link #queue} is the JDK's, thread-safe on its own; {@link #deferred} and {@link #retries} are read
 * and written under the cache's eviction lock only.
 */
final class KeyReferences {

  private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
  /** References polled while a load or compute held their node, oldest first; under the eviction lock. */
  private final ArrayDeque<Object> deferred = new ArrayDeque<>();
  /** How many of {@link #deferred} the current drain may still poll again; under the eviction lock. */
  private int retries;

  /** A new weak reference to {@code key}, registered with this queue: the key a write stores. */
  Object reference(Object key) {
    return new WeakKey(requireNonNull(key, "key"), queue);
  }

  /** A key to look {@code key} up with, never stored. */
  static Object lookup(Object key) {
    return new LookupKey(requireNonNull(key, "key"));
  }

  /** New references to the program's keys, each checked before anything changes. */
  List<Object> references(Iterable<?> programKeys) {
    requireNonNull(programKeys, "keys");
    List<Object> references = new ArrayList<>();
    for (Object key : programKeys) {
      references.add(reference(key));
    }
    return references;
  }

  /** Lookup keys for the program's keys, each checked before anything changes. */
  static List<Object> lookups(Iterable<?> programKeys) {
    requireNonNull(programKeys, "keys");
    List<Object> lookups = new ArrayList<>();
    for (Object key : programKeys) {
      lookups.add(lookup(key));
    }
    return lookups;
  }

  /**
   * Returns {@code result}, having kept {@code key} (a program's key, or keys) strongly reachable until here: the
   * edge passes the engine's result through it, so that the key outlives the engine's call, and its callbacks.
   */
  static <T> T held(Object key, T result) {
    Reference.reachabilityFence(key);
    return result;
  }

  /**
   * Returns {@code future}, which keeps {@code key} strongly reachable until it completes: a pending load,
   * refresh or stored future keeps its key, as in Caffeine. {@code null} is returned as it is, for the engine to
   * reject.
   */
  static <F extends CompletableFuture<?>> F heldUntilDone(Object key, F future) {
    if (future != null && !future.isDone()) {
      future.whenComplete((value, failure) -> Reference.reachabilityFence(key));
    }
    return future;
  }

  /** The program's key behind an engine key; {@code null} once it was collected. */
  @SuppressWarnings("unchecked")
  static <K> K key(Object engineKey) {
    return (K) ((KeyIdentity) engineKey).referent();
  }

  /** A map of program keys keyed for the engine to store, each key by a new reference; {@code null} for none. */
  <E> Map<Object, E> referencesOf(Map<?, ? extends E> map) {
    if (map == null) {
      return null;
    }
    Map<Object, E> keyed = new LinkedHashMap<>();
    map.forEach((key, value) -> keyed.put(key == null ? null : reference(key), value));
    return keyed;
  }

  /** The program's keys of engine keys, in their order, collected ones left out. */
  static <K> Set<K> programKeys(Set<?> engineKeys) {
    Set<K> programKeys = new LinkedHashSet<>();
    for (Object engineKey : engineKeys) {
      K key = key(engineKey);
      if (key != null) {
        programKeys.add(key);
      }
    }
    return programKeys;
  }

  /** An unmodifiable copy of an engine map with the program's keys, in its order, collected keys left out. */
  static <K, E> Map<K, E> programKeysOf(Map<?, E> engineMap) {
    Map<K, E> found = new LinkedHashMap<>();
    engineMap.forEach((engineKey, value) -> {
      K key = key(engineKey);
      if (key != null) {
        found.put(key, value);
      }
    });
    return Collections.unmodifiableMap(found);
  }

  /** Whether an engine key is a reference whose key was collected. */
  static boolean isCleared(Object engineKey) {
    return engineKey instanceof WeakKey reference && reference.refersTo(null);
  }

  /** Under the eviction lock: a drain begins; it may poll again each reference deferred before it, once. */
  void startDrain() {
    retries = deferred.size();
  }

  /**
   * Under the eviction lock: the next reference whose key was collected, from the queue, then one deferred by an
   * earlier drain; {@code null} if there is none.
   */
  Object poll() {
    Object reference = queue.poll();
    if (reference == null && retries > 0) {
      retries--;
      reference = deferred.poll();
    }
    return reference;
  }

  /** Under the eviction lock: a polled reference whose node a load or compute holds, for the next drain. */
  void defer(Object reference) {
    deferred.add(reference);
  }

  /**
   * For tests: clears a stored reference and hands it to the queue, as the collector does when it takes the key.
   * Returns whether the engine key was a reference.
   */
  static boolean collectForTest(Object engineKey) {
    if (!(engineKey instanceof WeakKey reference)) {
      return false;
    }
    reference.clear();
    reference.enqueue();
    return true;
  }

  /** What both kinds of engine key share: a referent compared by identity, and its identity hash. */
  private interface KeyIdentity {
    Object referent();
  }

  private static boolean sameReferent(KeyIdentity self, Object other) {
    if (self == other) {
      return true;
    }
    if (!(other instanceof KeyIdentity identity)) {
      return false;
    }
    Object referent = self.referent();
    return referent != null && referent == identity.referent();
  }

  /**
   * The key an entry stores: 32 bytes with compressed references (the JDK's four reference fields and the hash),
   * the whole per-entry cost of weak keys; {@code NodeLayoutTest} pins it.
   */
  private static final class WeakKey extends WeakReference<Object> implements KeyIdentity {
    private final int hash;

    WeakKey(Object key, ReferenceQueue<Object> queue) {
      super(key, queue);
      this.hash = System.identityHashCode(key);
    }

    @Override
    public Object referent() {
      return get();
    }

    @Override
    public boolean equals(Object other) {
      return sameReferent(this, other);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public String toString() {
      return String.valueOf(get());
    }
  }

  private static final class LookupKey implements KeyIdentity {
    private final Object key;

    LookupKey(Object key) {
      this.key = key;
    }

    @Override
    public Object referent() {
      return key;
    }

    @Override
    public boolean equals(Object other) {
      return sameReferent(this, other);
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(key);
    }

    @Override
    public String toString() {
      return String.valueOf(key);
    }
  }
}
