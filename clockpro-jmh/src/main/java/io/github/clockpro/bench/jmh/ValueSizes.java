package io.github.clockpro.bench.jmh;

import java.util.SplittableRandom;

/** The value sizes of the off-heap benchmarks: one fixed size, or a mix from 16 B to 4 KiB, log-uniform. */
final class ValueSizes {

  private static final int MIXED_VALUES = 1024;

  private final int fixedSize;

  private ValueSizes(int fixedSize) {
    this.fixedSize = fixedSize;
  }

  /** {@return the sizes named: a number of bytes, or {@code mixed}} */
  static ValueSizes named(String name) {
    if (name.equals("mixed")) {
      return new ValueSizes(-1);
    }
    int size = Integer.parseInt(name);
    if (size < 0) {
      throw new IllegalArgumentException("valueSize must be a size in bytes or 'mixed' but was " + name);
    }
    return new ValueSizes(size);
  }

  /** {@return the values to cycle through: one of the fixed size, or 1024 mixed ones} */
  byte[][] values(SplittableRandom random) {
    if (fixedSize >= 0) {
      byte[] value = new byte[fixedSize];
      random.nextBytes(value);
      return new byte[][] {value};
    }
    byte[][] values = new byte[MIXED_VALUES][];
    for (int index = 0; index < MIXED_VALUES; index++) {
      values[index] = new byte[(int) Math.round(Math.pow(2, 4 + 8 * random.nextDouble()))];
      random.nextBytes(values[index]);
    }
    return values;
  }
}
