package io.github.clockpro.bench.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.peers.Expiration;
import io.github.clockpro.peers.Implementation;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryFootprintTest {

  @Test
  void shouldMeasureAFullCacheOfEachImplementation() {
    for (Implementation implementation : Implementation.CONCURRENT) {
      MemoryResult result = MemoryFootprint.measure(implementation, 2_000);
      assertTrue(result.residentEntries() > 1_900 && result.residentEntries() <= 2_000, result.toString());
      if (implementation != Implementation.CACHE2K) {
        // cache2k's graph reaches its global cache manager, and through it every other cache2k cache this test
        // JVM has made (other tests run first), so its empty-cache baseline is not stable at 2,000 entries. The
        // report measures it in a fresh JVM at 100K and 1M entries, where that shared state is negligible.
        assertTrue(result.overheadBytesPerEntry() > 20 && result.overheadBytesPerEntry() < 1_000, result.toString());
      }
      assertEquals(result.totalBytesPerEntry() - result.overheadBytesPerEntry(),
          (double) result.keyAndValueBytes() / result.residentEntries(), 1e-9);
    }
    assertTrue(MemoryCommand.table(List.of(MemoryFootprint.measure(Implementation.CLOCKPRO, 100)))
        .contains("| clockpro |"));
  }

  @Test
  void shouldMeasureTheCostOfExpiryBesideTheCacheWithout() {
    for (Implementation implementation : List.of(Implementation.CLOCKPRO, Implementation.CAFFEINE)) {
      MemoryResult plain = MemoryFootprint.measure(implementation, 2_000);
      MemoryResult expiring = MemoryFootprint.measure(implementation, 2_000, Expiration.AFTER_WRITE);
      assertEquals(plain.residentEntries(), expiring.residentEntries(), expiring.toString());
      assertTrue(expiring.overheadBytesPerEntry() > plain.overheadBytesPerEntry(), expiring + " against " + plain);
      assertTrue(MemoryCommand.table(List.of(expiring)).contains("| " + implementation.displayName()
          + ", afterWrite 1 min |"), MemoryCommand.table(List.of(expiring)));
    }
  }
}
