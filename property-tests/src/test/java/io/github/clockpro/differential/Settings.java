package io.github.clockpro.differential;

import java.time.Duration;

/**
 * The options both caches of a differential run are built with, and the ticker's start.
 *
 * @param expiry the kind of expiry
 * @param scale the grid of times and lifetimes (see {@link TimeScale})
 * @param lifetimeUnits the fixed lifetime of {@link ExpiryKind#AFTER_WRITE} and {@link ExpiryKind#AFTER_ACCESS}, in
 *     units of the scale
 * @param weighted whether the caches are bounded by weight, with {@link SharedWeigher}, instead of by size
 * @param bulkLoader whether the cache loader implements {@code loadAll}; without it, both caches load the keys of a
 *     loader's {@code getAll} one by one
 * @param keys how many distinct keys the steps use, 0 to {@code keys - 1}
 * @param start the ticker's first reading
 * @param references how both caches hold keys and values: strongly, or by weak keys, weak values or soft values;
 *     the run holds every key and value it writes strongly (keys are shared boxes, values are held by the
 *     {@link Side}), so nothing is collected and the references change only how keys and values compare
 */
record Settings(ExpiryKind expiry, TimeScale scale, int lifetimeUnits, boolean weighted, boolean bulkLoader, int keys,
    long start, References references) {

  /**
   * The bound of both caches: more than the keys' entries can take (at most 13 entries of weight 3 at most), so
   * that neither evicts for size, whose choice of victim differs by design (W-TinyLFU against CLOCK-Pro).
   */
  static final int MAXIMUM = 100;

  /** The kinds of expiry both caches share. */
  enum ExpiryKind { NONE, AFTER_WRITE, AFTER_ACCESS, VARIABLE }

  /** How both caches hold their keys and values, each the builder call of its name (none for strong). */
  enum References {
    STRONG(""), WEAK_KEYS(".weakKeys()"), WEAK_VALUES(".weakValues()"), SOFT_VALUES(".softValues()");

    final String builderCall;

    References(String builderCall) {
      this.builderCall = builderCall;
    }
  }

  Duration lifetime() {
    return scale.lifetime(lifetimeUnits);
  }

  /** The settings as the builder calls that make them, for a failure's report. */
  @Override
  public String toString() {
    String bound = weighted ? ".maximumWeight(" + MAXIMUM + ").weigher(new SharedWeigher())"
        : ".maximumSize(" + MAXIMUM + ")";
    String expiring = switch (expiry) {
      case NONE -> "";
      case AFTER_WRITE -> ".expireAfterWrite(" + lifetime() + ")";
      case AFTER_ACCESS -> ".expireAfterAccess(" + lifetime() + ")";
      case VARIABLE -> ".expireAfter(new SharedExpiry(" + scale + "))";
    };
    return bound + expiring + references.builderCall + ", "
        + (bulkLoader ? "a loader with loadAll" : "a loader without loadAll") + ", "
        + keys + " keys, time scale " + scale + ", ticker from " + start;
  }
}
