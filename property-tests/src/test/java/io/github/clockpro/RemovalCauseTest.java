package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Only an eviction for size is the policy's doing; the other causes are the user's. */
class RemovalCauseTest {

  @Test
  void shouldCountOnlySizeAsEvicted() {
    assertTrue(RemovalCause.SIZE.wasEvicted());
    assertFalse(RemovalCause.EXPLICIT.wasEvicted());
    assertFalse(RemovalCause.REPLACED.wasEvicted());
  }
}
