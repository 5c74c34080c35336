package io.github.clockpro.peers;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A comparator of the simulator written from its paper (S3-FIFO, SIEVE): the map from keys to resident entries and
 * the calls every such cache makes alike. A subclass decides the policy: what a hit records ({@link #recordHit}),
 * where a new entry enters ({@link #admit}) and which entry leaves when the cache is full ({@link #evict}). Not
 * thread-safe; used only single-threaded.
 *
 * @param <E> the subclass's entry, with the policy's own fields
 */
abstract class SimulatorCache<E extends SimulatorCache.Entry> implements PeerCache<Long, Long> {

  /** The most entries the cache holds. */
  final int maximumSize;
  /** The resident entries by key. */
  final Map<Long, E> entries = new HashMap<>();

  SimulatorCache(int maximumSize) {
    this.maximumSize = maximumSize;
  }

  /** Records a hit on a resident entry. */
  abstract void recordHit(E entry);

  /** Makes an entry for a key not resident. */
  abstract E newEntry(Long key, Long value);

  /** Places a new entry, already in {@link #entries}, in the policy's queues. */
  abstract void admit(E entry);

  /** Removes one entry from the policy's queues and from {@link #entries}; called only when the cache is full. */
  abstract void evict();

  /** Empties the policy's queues. */
  abstract void clearQueues();

  @Override
  public final Long get(Long key, Function<Long, Long> loader) {
    Long value = getIfPresent(key);
    if (value == null) {
      value = loader.apply(key);
      put(key, value);
    }
    return value;
  }

  @Override
  public final Long getIfPresent(Long key) {
    E entry = entries.get(key);
    if (entry == null) {
      return null;
    }
    recordHit(entry);
    return entry.value;
  }

  /** Replaces a resident entry's value in place; otherwise evicts until there is room, and admits a new entry. */
  @Override
  public final void put(Long key, Long value) {
    E present = entries.get(key);
    if (present != null) {
      present.value = value;
      return;
    }
    while (entries.size() >= maximumSize) {
      evict();
    }
    E entry = newEntry(key, value);
    entries.put(key, entry);
    admit(entry);
  }

  @Override
  public final long size() {
    return entries.size();
  }

  @Override
  public final Object unwrap() {
    return this;
  }

  @Override
  public final void close() {
    entries.clear();
    clearQueues();
  }

  /** A resident entry: its key and its value. */
  static class Entry {
    final Long key;
    Long value;

    Entry(Long key, Long value) {
      this.key = key;
      this.value = value;
    }
  }
}
