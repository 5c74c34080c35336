package io.github.clockpro.adversarial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AccessPatternTest {

  static Stream<AccessPattern> patterns() {
    return Patterns.all().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("patterns")
  void shouldYieldTheSameOperationsForTheSameSeed(AccessPattern pattern) {
    assertEquals(operations(pattern.open(1000, 7)), operations(pattern.open(1000, 7)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("patterns")
  void shouldYieldAsManyOperationsAsItsLengthSays(AccessPattern pattern) {
    assertEquals(pattern.length(1000), operations(pattern.open(1000, 3)).size());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("patterns")
  void shouldScaleItsLengthWithTheCacheSize(AccessPattern pattern) {
    double ratio = (double) pattern.length(100_000) / pattern.length(10_000);
    assertTrue(ratio > 9.9 && ratio < 10.1, () -> "length ratio " + ratio);
  }

  @Test
  void randomPatternsShouldDependOnTheSeed() {
    AccessPattern uniform = Patterns.named("uniform-80");
    assertNotEquals(operations(uniform.open(1000, 1)), operations(uniform.open(1000, 2)));
  }

  @Test
  void shouldHaveUniqueNames() {
    Set<String> names = new HashSet<>();
    for (AccessPattern pattern : Patterns.all()) {
      assertTrue(names.add(pattern.name()), pattern.name());
    }
  }

  @Test
  void shouldRejectATinyCacheSizeNamingTheArgument() {
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
        () -> Patterns.named("loop").open(10, 1));
    assertTrue(failure.getMessage().contains("cacheSize"), failure.getMessage());
  }

  @Test
  void shouldRejectAnUnknownPatternName() {
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
        () -> Patterns.named("no-such-pattern"));
    assertTrue(failure.getMessage().contains("no-such-pattern"), failure.getMessage());
  }

  @Test
  void refillShouldLeaveEveryResidentKeyReferencedBeforeTheFinalInserts() {
    List<String> operations = operations(Patterns.named("refill").open(1000, 1));
    long puts = operations.stream().filter(operation -> operation.startsWith("PUT")).count();
    long invalidations = operations.stream().filter(operation -> operation.startsWith("INVALIDATE")).count();
    long reads = operations.stream().filter(operation -> operation.startsWith("GET")).count();
    assertEquals(990, invalidations);
    assertEquals(1000, reads);
    assertEquals(1000 + 990 + 10, puts);
  }

  @Test
  void collidingKeysShouldShareHashCodes() {
    Object first = KeyShape.COLLIDING.toCacheKey(5, 6400);
    Object second = KeyShape.COLLIDING.toCacheKey(105, 6400);
    assertEquals(first.hashCode(), second.hashCode());
    assertNotEquals(first, second);
    assertEquals(first, KeyShape.COLLIDING.toCacheKey(5, 6400));
  }

  private static List<String> operations(OperationStream stream) {
    List<String> operations = new ArrayList<>();
    while (stream.advance()) {
      operations.add(stream.kind() + " " + stream.key());
    }
    return operations;
  }
}
