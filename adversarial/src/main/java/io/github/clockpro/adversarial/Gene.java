package io.github.clockpro.adversarial;

/**
 * One step of a fuzz {@link Program}: a kind and four integer parameters, all bounded so that any gene the
 * fuzzer builds is valid.
 *
 * @param kind what the step does
 * @param lengthPercent operations, as a percentage of the cache size; 1 to {@value #MAXIMUM_LENGTH_PERCENT}
 * @param rangePercent the window's width, as a percentage of the cache size; 1 to
 *     {@value #MAXIMUM_RANGE_PERCENT}
 * @param offsetPercent how far the window's newest end lies behind the newest fresh key, as a percentage of the
 *     cache size; 0 to {@value #MAXIMUM_OFFSET_PERCENT}
 * @param parameter the kind's own parameter; 0 to {@value #MAXIMUM_PARAMETER}
 */
record Gene(GeneKind kind, int lengthPercent, int rangePercent, int offsetPercent, int parameter) {

  static final int MAXIMUM_LENGTH_PERCENT = 300;
  static final int MAXIMUM_RANGE_PERCENT = 200;
  static final int MAXIMUM_OFFSET_PERCENT = 200;
  static final int MAXIMUM_PARAMETER = 150;

  Gene {
    if (kind == null) {
      throw new NullPointerException("kind");
    }
    requireBetween("lengthPercent", lengthPercent, 1, MAXIMUM_LENGTH_PERCENT);
    requireBetween("rangePercent", rangePercent, 1, MAXIMUM_RANGE_PERCENT);
    requireBetween("offsetPercent", offsetPercent, 0, MAXIMUM_OFFSET_PERCENT);
    requireBetween("parameter", parameter, 0, MAXIMUM_PARAMETER);
  }

  /** The number of operations this gene yields for a cache of the given size. */
  long length(int cacheSize) {
    if (kind == GeneKind.INVALIDATE_WINDOW) {
      return window(cacheSize);
    }
    return Math.max(1, (long) lengthPercent * cacheSize / 100);
  }

  /** The width of the window, in keys. */
  long window(int cacheSize) {
    return Math.max(1, (long) rangePercent * cacheSize / 100);
  }

  /** The distance of the window's newest end behind the newest fresh key, in keys. */
  long offset(int cacheSize) {
    return (long) offsetPercent * cacheSize / 100;
  }

  @Override
  public String toString() {
    return kind.label() + ":" + lengthPercent + ":" + rangePercent + ":" + offsetPercent + ":" + parameter;
  }

  /** Parses the form written by {@link #toString()}, such as {@code read-zipfian:100:50:0:99}. */
  static Gene parse(String text) {
    String[] parts = text.split(":");
    if (parts.length != 5) {
      throw new IllegalArgumentException("gene must be kind:length:range:offset:parameter but was " + text);
    }
    return new Gene(GeneKind.fromLabel(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]),
        Integer.parseInt(parts[3]), Integer.parseInt(parts[4]));
  }

  private static void requireBetween(String name, int value, int minimum, int maximum) {
    if (value < minimum || value > maximum) {
      throw new IllegalArgumentException(
          name + " must be between " + minimum + " and " + maximum + " but was " + value);
    }
  }
}
