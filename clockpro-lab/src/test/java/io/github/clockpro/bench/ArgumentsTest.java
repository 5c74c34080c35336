package io.github.clockpro.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgumentsTest {

  @Test
  void shouldNameAnUnknownArgument() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> Arguments.parse("simulate", new String[] {"--trace", "x"}, Set.of("traces"), Set.of()));
    assertTrue(error.getMessage().contains("--trace"), error.getMessage());
  }

  @Test
  void shouldNameAnOptionWithABadValue() {
    Arguments parsed = Arguments.parse("showcase", new String[] {"--port", "70000"}, Set.of("port"), Set.of());
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> parsed.intValue("port", 9464, 0, 65_535));
    assertTrue(error.getMessage().contains("--port"), error.getMessage());
  }

  @Test
  void shouldRejectAnOptionWithoutItsValue() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> Arguments.parse("latency", new String[] {"--seconds"}, Set.of("seconds"), Set.of()));
    assertTrue(error.getMessage().contains("--seconds needs a value"), error.getMessage());
  }

  @Test
  void shouldReadValuesAndFlags() {
    Arguments parsed = Arguments.parse("showcase", new String[] {"--quick", "--threads", "3"},
        Set.of("threads"), Set.of("quick"));
    assertTrue(parsed.flag("quick"));
    assertEquals(3, parsed.intValue("threads", 2, 1, 8));
    assertEquals(7, parsed.intValue("capacity", 7, 1, 8));
  }
}
