package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * Checks, on the running JVM, the layout {@link ClockProPolicy}'s field order aims for ("Field order" in its
 * body): the fields that every call of {@code admit} writes under the eviction lock lie within {@link #SPAN}
 * bytes, so that a miss dirties two or three of the policy's cache lines, not four or five.
 */
class PolicyLayoutTest {

  /** The most bytes from the first written field's start to the last one's end. */
  private static final long SPAN = 104;

  /** The fields every call of {@code admit} that evicts writes, or may write on most calls. */
  private static final Set<String> WRITTEN_BY_EVERY_MISS = Set.of("coldTarget", "now", "hotWeight", "coldWeight",
      "evictionWeight", "victimCount", "examined", "bestRank", "best");

  @Test
  void shouldKeepTheFieldsEveryMissWritesWithinTwoCacheLinesOfBytes() {
    ClassLayout layout = ClassLayout.parseClass(ClockProPolicy.class);
    List<FieldLayout> written = layout.fields().stream()
        .filter(field -> WRITTEN_BY_EVERY_MISS.contains(field.name()))
        .toList();
    assertEquals(WRITTEN_BY_EVERY_MISS.size(), written.size(), "a field was renamed:\n" + layout.toPrintable());

    long first = written.stream().mapToLong(FieldLayout::offset).min().orElseThrow();
    long end = written.stream().mapToLong(field -> field.offset() + field.size()).max().orElseThrow();

    assertTrue(end - first <= SPAN, "bytes spanned: " + (end - first) + "\n" + layout.toPrintable());
  }
}
