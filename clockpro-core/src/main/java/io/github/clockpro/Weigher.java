package io.github.clockpro;

import static java.util.Objects.requireNonNull;

/**
 * The weight of an entry, for a cache bounded by {@link CacheBuilder#maximumWeight(long)}, as Caffeine's
 * {@code Weigher}: usually its size in bytes, or any other cost the cache should bound in total.
 *
 * <p>The cache calls it once for each value written (created, put, replaced, loaded or computed), outside every
 * lock of the cache but a compute's: a compute weighs its result under the entry's monitor, where its function ran.
 * The weight is read once and kept while the value stays; an entry's weight changes only when its value is
 * replaced. A weigher that throws, or returns a negative weight, fails the write that called it before the write
 * changes anything: a put throws, a load fails as if its loader had thrown.
 *
 * @param <K> the type of keys
 * @param <V> the type of values
 */
@FunctionalInterface
public interface Weigher<K, V> {

  /**
   * Returns the weight of an entry. An entry of weight 0 is held but takes no room; an entry heavier than the
   * cache's maximum weight is not kept (see {@link CacheBuilder#maximumWeight(long)}).
   *
   * @param key the entry's key
   * @param value the entry's value
   * @return the weight, at least 0
   */
  int weigh(K key, V value);

  /**
   * Returns a weigher that gives every entry the weight 1, as Caffeine's: with it, {@code maximumWeight} bounds the
   * number of entries.
   *
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the weigher
   */
  static <K, V> Weigher<K, V> singletonWeigher() {
    return (key, value) -> 1;
  }

  /**
   * Returns a weigher that checks each weight the given weigher returns, as Caffeine's: a negative weight throws
   * {@link IllegalArgumentException} naming it. The cache checks weights too; this makes the check the weigher's own.
   *
   * @param delegate the weigher to check
   * @param <K> the type of keys
   * @param <V> the type of values
   * @return the checking weigher
   * @throws NullPointerException if {@code delegate} is null
   */
  static <K, V> Weigher<K, V> boundedWeigher(Weigher<K, V> delegate) {
    requireNonNull(delegate, "delegate");
    return (key, value) -> {
      int weight = delegate.weigh(key, value);
      if (weight < 0) {
        throw new IllegalArgumentException("weight must not be negative but was " + weight + " for key " + key);
      }
      return weight;
    };
  }
}
