package io.github.clockpro.adversarial;

import java.util.List;

/**
 * Programs that imitate the named patterns, so that the fuzzer starts from the known hard cases and searches
 * their neighbourhood.
 */
final class SeedPrograms {

  private static final int SIZE = 2000;

  private SeedPrograms() {}

  static List<Program> all() {
    return List.of(
        program("insert-fresh:100:1:0:0,invalidate-window:1:100:0:100,insert-fresh:99:1:0:0,"
            + "read-sequential:199:199:0:0,insert-fresh:5:1:0:0"),
        program("insert-fresh:100:1:0:0,read-sequential:100:100:0:0,insert-fresh:2:1:0:1,"
            + "read-sequential:100:100:0:0,insert-fresh:2:1:0:1,read-sequential:100:100:0:0,insert-fresh:2:1:0:1"),
        program("insert-fresh:105:1:0:0,read-sequential:300:105:0:0"),
        program("insert-fresh:50:1:0:0,read-sequential:300:50:0:0,scan-fresh:100:1:0:0,"
            + "read-sequential:200:100:0:0"),
        program("insert-fresh:100:1:0:0,read-zipfian:200:50:0:99,scan-fresh:200:1:0:0,read-zipfian:100:50:200:99"),
        program("insert-fresh:100:1:0:0,read-uniform:200:125:0:0"));
  }

  private static Program program(String genes) {
    return Program.parse("size=" + SIZE + ",seed=1," + genes);
  }
}
