package io.github.clockpro.adversarial;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.peers.Implementation;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** The caches the runner drives: the three libraries of {@link Implementation#CONCURRENT}, built for it. */
public final class Caches {

  /** The caches in the order campaigns run and report them. */
  public static final List<Implementation> ALL =
      List.of(Implementation.CLOCKPRO, Implementation.CACHE2K, Implementation.CAFFEINE);

  private Caches() {}

  /**
   * Looks a cache up by its display name.
   *
   * @param name {@code clockpro}, {@code cache2k} or {@code caffeine}, in any case
   * @return the implementation
   * @throws IllegalArgumentException if {@code name} names none of them
   */
  public static Implementation named(String name) {
    Objects.requireNonNull(name, "name");
    for (Implementation implementation : ALL) {
      if (implementation.displayName().equals(name.toLowerCase(Locale.ROOT))) {
        return implementation;
      }
    }
    throw new IllegalArgumentException("name must be clockpro, cache2k or caffeine but was " + name);
  }

  /**
   * Returns whether the runner can build this cache with an expiring pattern's expiry and a manual ticker:
   * clockpro and Caffeine, whose builders take the same lifetimes, {@code Expiry} and ticker; not cache2k, whose
   * time reference and expiry policy its adapter does not translate.
   *
   * @param cache one of {@link #ALL}
   * @return {@code true} if expiring patterns run against this cache
   */
  public static boolean supportsExpiry(Implementation cache) {
    return cache != Implementation.CACHE2K;
  }

  /** A target built with the expiry, or without expiry if it is {@code null}. */
  static CacheTarget create(Implementation cache, int maximumSize, PatternExpiry expiry) {
    if (cache == Implementation.CLOCKPRO) {
      return new ClockProTarget(maximumSize, CacheBuilder.DEFAULT_SCAN_LIMIT, expiry);
    }
    return new PeerTarget(cache, maximumSize, expiry);
  }
}
