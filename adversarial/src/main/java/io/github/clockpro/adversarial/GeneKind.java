package io.github.clockpro.adversarial;

import java.util.Locale;

/**
 * The building blocks of a fuzz {@link Program}. Each gene works on a window of keys placed relative to the
 * newest fresh key, so that "the keys inserted most recently" keeps its meaning as the program runs. Sizes are
 * percentages of the cache size.
 */
enum GeneKind {

  /** Uniform random reads of the window; {@code parameter} unused. */
  READ_UNIFORM,
  /** Zipfian reads of the window with skew {@code parameter / 100} (at least 0.05). */
  READ_ZIPFIAN,
  /** Sequential passes over the window, re-referencing every key in it. */
  READ_SEQUENTIAL,
  /** Reads of fresh keys: a one-time scan of misses. */
  SCAN_FRESH,
  /** Puts of fresh keys; if {@code parameter} is odd, each is read right after its insert. */
  INSERT_FRESH,
  /**
   * Invalidates every key of the window except one in {@code parameter} (none spared if 0), which is read
   * instead, so the survivors are referenced; the length is the window's width.
   */
  INVALIDATE_WINDOW;

  String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  static GeneKind fromLabel(String label) {
    for (GeneKind kind : values()) {
      if (kind.label().equals(label)) {
        return kind;
      }
    }
    throw new IllegalArgumentException("gene kind must be one of read-uniform, read-zipfian, read-sequential, "
        + "scan-fresh, insert-fresh or invalidate-window but was " + label);
  }
}
