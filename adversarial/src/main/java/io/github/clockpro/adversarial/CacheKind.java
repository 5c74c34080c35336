package io.github.clockpro.adversarial;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.ClockProCache;
import java.util.Locale;
import java.util.Objects;

/** The caches the runner can drive. */
public enum CacheKind {

  /** This project's {@link ClockProCache}, with its default scan limit. */
  CLOCKPRO("clockpro"),
  /** cache2k 2.6.1 with default settings. */
  CACHE2K("cache2k"),
  /** Caffeine 3.3.1 with maintenance on the calling thread. */
  CAFFEINE("caffeine");

  private final String displayName;

  CacheKind(String displayName) {
    this.displayName = displayName;
  }

  /**
   * Returns the name used on the command line and in tables.
   *
   * @return a lower-case name
   */
  public String displayName() {
    return displayName;
  }

  /**
   * Looks a cache kind up by its display name.
   *
   * @param name {@code clockpro}, {@code cache2k} or {@code caffeine}, in any case
   * @return the kind
   * @throws IllegalArgumentException if {@code name} names no kind
   */
  public static CacheKind named(String name) {
    Objects.requireNonNull(name, "name");
    for (CacheKind kind : values()) {
      if (kind.displayName.equals(name.toLowerCase(Locale.ROOT))) {
        return kind;
      }
    }
    throw new IllegalArgumentException("name must be clockpro, cache2k or caffeine but was " + name);
  }

  /**
   * Returns whether the runner can build this cache with an expiring pattern's expiry and a manual ticker:
   * clockpro and Caffeine, whose builders take the same lifetimes, {@code Expiry} and ticker; not cache2k, whose
   * time reference and expiry policy the runner does not adapt.
   *
   * @return {@code true} if expiring patterns run against this cache
   */
  public boolean supportsExpiry() {
    return this != CACHE2K;
  }

  CacheTarget create(int maximumSize) {
    return create(maximumSize, null);
  }

  /** A target built with the expiry, or without expiry if it is {@code null}. */
  CacheTarget create(int maximumSize, PatternExpiry expiry) {
    if (expiry != null && !supportsExpiry()) {
      throw new IllegalArgumentException(displayName + " does not run expiring patterns");
    }
    switch (this) {
      case CLOCKPRO:
        return new ClockProTarget(maximumSize, CacheBuilder.DEFAULT_SCAN_LIMIT, expiry);
      case CACHE2K:
        return new Cache2kTarget(maximumSize);
      default:
        return new CaffeineTarget(maximumSize, expiry);
    }
  }
}
