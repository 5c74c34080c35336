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

  CacheTarget create(int maximumSize) {
    switch (this) {
      case CLOCKPRO:
        return new ClockProTarget(maximumSize, CacheBuilder.DEFAULT_SCAN_LIMIT);
      case CACHE2K:
        return new Cache2kTarget(maximumSize);
      default:
        return new CaffeineTarget(maximumSize);
    }
  }
}
