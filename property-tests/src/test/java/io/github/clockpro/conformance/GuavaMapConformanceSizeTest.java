package io.github.clockpro.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Guards the size of the generated conformance suite, so that a change of features cannot silently shrink it. */
class GuavaMapConformanceSizeTest {

  /** The least number of generated tests the issue asks the suite to run. */
  private static final int MINIMUM_TESTS = 1_000;

  @Test
  void shouldGenerateMoreThanOneThousandConformanceTests() {
    int count = GuavaMapConformanceTest.suite().countTestCases();
    assertTrue(count > MINIMUM_TESTS, "the Guava testlib suite generates only " + count + " tests");
  }
}
