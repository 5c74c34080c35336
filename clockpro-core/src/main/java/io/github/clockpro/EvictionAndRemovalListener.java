package io.github.clockpro;

/**
 * The one listener the engine calls when a cache has an {@link CacheBuilder#evictionListener}: it calls that listener
 * for an entry the policy removed ({@link RemovalCause#wasEvicted()}), then the removal listener, if any, for every
 * entry. A failure of the first is logged and does not keep the second from running.
 */
final class EvictionAndRemovalListener<K, V> implements RemovalListener<K, V> {

  private static final System.Logger LOGGER = System.getLogger(EvictionAndRemovalListener.class.getName());

  private final RemovalListener<? super K, ? super V> evictionListener;
  /** May be {@code null}. */
  private final RemovalListener<? super K, ? super V> removalListener;

  EvictionAndRemovalListener(RemovalListener<? super K, ? super V> evictionListener,
      RemovalListener<? super K, ? super V> removalListener) {
    this.evictionListener = evictionListener;
    this.removalListener = removalListener;
  }

  @Override
  public void onRemoval(K key, V value, RemovalCause cause) {
    if (cause.wasEvicted()) {
      try {
        evictionListener.onRemoval(key, value, cause);
      } catch (RuntimeException | LinkageError | AssertionError failure) {
        LOGGER.log(System.Logger.Level.WARNING, "Exception thrown by eviction listener", failure);
      }
    }
    if (removalListener != null) {
      removalListener.onRemoval(key, value, cause);
    }
  }
}
