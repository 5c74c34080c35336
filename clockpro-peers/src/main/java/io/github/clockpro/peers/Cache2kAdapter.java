package io.github.clockpro.peers;

import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.cache2k.Cache;
import org.cache2k.Cache2kBuilder;
import org.cache2k.core.api.InternalCache;

/**
 * Drives a cache2k cache. Read-through uses {@code computeIfAbsent}, so that each caller passes its own loader,
 * as with the other implementations. Built {@link PeerSettings#forReplay() for replay} it sets
 * {@code strictEviction(true)}, the setting the reference hit rates in the traces' README were measured with;
 * otherwise it keeps cache2k's defaults, as a new user would.
 *
 * <p>cache2k's eviction work is read from its eviction's metrics object ({@link #evictionWork()}): its
 * {@code toString()} publishes the same counts, but building that text checks the cache's integrity, which takes
 * time linear in its size. cache2k has no per-entry expiry and no ticker this adapter translates.
 */
final class Cache2kAdapter<K, V> implements LibraryCache<K, V> {

  /** cache2k requires a unique name per cache within its cache manager. */
  private static final AtomicLong NEXT_NAME = new AtomicLong();

  private final Cache<K, V> cache;
  private final InternalCache<?, ?> internal;

  @SuppressWarnings("unchecked") // cache2k's builder takes classes; the keys and values are any objects
  Cache2kAdapter(PeerSettings settings) {
    if (settings.expiry() != null || settings.ticker() != null) {
      throw new IllegalArgumentException("cache2k is built without a per-entry expiry or a ticker");
    }
    Cache2kBuilder<K, V> builder = (Cache2kBuilder<K, V>) Cache2kBuilder.of(Object.class, Object.class)
        .name("clockpro-peers-" + NEXT_NAME.incrementAndGet())
        .strictEviction(settings.replay());
    if (settings.bound() == Bound.SIZE) {
      builder.entryCapacity(settings.maximumSize());
    } else {
      builder.maximumWeight(settings.maximumSize()).weigher((K key, V value) -> 1);
    }
    switch (settings.expiration()) {
      case AFTER_WRITE -> builder.expireAfterWrite(settings.lifetime());
      case AFTER_ACCESS -> builder.idleScanTime(settings.lifetime()); // cache2k's nearest to expiry after access
      case NONE -> { }
    }
    this.cache = builder.build();
    this.internal = cache.requestInterface(InternalCache.class);
  }

  @Override
  public V get(K key, Function<K, V> loader) {
    return cache.computeIfAbsent(key, loader);
  }

  @Override
  public V getIfPresent(K key) {
    return cache.peek(key);
  }

  @Override
  public void put(K key, V value) {
    cache.put(key, value);
  }

  @Override
  public void invalidate(K key) {
    cache.remove(key);
  }

  @Override
  public ConcurrentMap<K, V> asMap() {
    return cache.asMap();
  }

  @Override
  public long size() {
    return cache.asMap().size();
  }

  @Override
  public EvictionWork evictionWork() {
    var metrics = internal.getEviction().getMetrics();
    return new EvictionWork(metrics.getEvictedCount(), metrics.getScanCount(), true);
  }

  @Override
  public Object unwrap() {
    return cache;
  }

  @Override
  public void close() {
    cache.close();
  }
}
