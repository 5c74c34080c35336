package io.github.clockpro;

/**
 * Why an entry left the cache, as passed to a {@link RemovalListener}.
 *
 * <p>The names follow Caffeine's {@code RemovalCause} where the meaning is the same.
 */
public enum RemovalCause {

  /**
   * The entry was removed by the user: {@code invalidate}, {@code invalidateAll} or a removal through
   * {@code asMap()}.
   */
  EXPLICIT {
    @Override
    public boolean wasEvicted() {
      return false;
    }
  },

  /** The entry's value was replaced by the user: {@code put} or a replacement through {@code asMap()}. */
  REPLACED {
    @Override
    public boolean wasEvicted() {
      return false;
    }
  },

  /**
   * The entry's key or value was garbage-collected: the cache holds its keys by weak references
   * ({@link CacheBuilder#weakKeys}) or its values by weak or soft references ({@link CacheBuilder#weakValues},
   * {@link CacheBuilder#softValues}). The listener is given {@code null} for what was collected, as in Caffeine.
   */
  COLLECTED {
    @Override
    public boolean wasEvicted() {
      return true;
    }
  },

  /**
   * The entry's lifetime had ended ({@link CacheBuilder#expireAfterWrite}, {@link CacheBuilder#expireAfterAccess}
   * or {@link CacheBuilder#expireAfter}): it was removed by the operation or {@link ClockProCache#cleanUp()} step
   * that found it expired, or replaced by a write to its key after it had expired.
   */
  EXPIRED {
    @Override
    public boolean wasEvicted() {
      return true;
    }
  },

  /** The entry was evicted because the cache held more than its maximum size. */
  SIZE {
    @Override
    public boolean wasEvicted() {
      return true;
    }
  };

  /**
   * Returns whether the entry left because of the eviction policy rather than an action of the user.
   *
   * @return {@code true} for {@link #COLLECTED}, {@link #EXPIRED} and {@link #SIZE}
   */
  public abstract boolean wasEvicted();
}
