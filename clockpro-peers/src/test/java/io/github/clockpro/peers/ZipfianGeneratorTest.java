package io.github.clockpro.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ZipfianGeneratorTest {

  @Test
  void shouldDrawRanksWithZipfianFrequencies() {
    int itemCount = 10;
    for (double exponent : new double[] {0.5, 0.99, 1.0, 1.5}) {
      ZipfianGenerator generator = new ZipfianGenerator(itemCount, exponent);
      SplittableRandom random = new SplittableRandom(42);
      long[] counts = new long[itemCount];
      int draws = 400_000;
      for (int draw = 0; draw < draws; draw++) {
        counts[(int) generator.next(random)]++;
      }
      double normalisation = 0;
      for (int rank = 1; rank <= itemCount; rank++) {
        normalisation += Math.pow(rank, -exponent);
      }
      for (int rank = 0; rank < itemCount; rank++) {
        double expected = Math.pow(rank + 1, -exponent) / normalisation;
        assertEquals(expected, (double) counts[rank] / draws, 0.005, "exponent " + exponent + " rank " + rank);
      }
    }
  }

  @Test
  void shouldStayInRangeForHugeItemCounts() {
    ZipfianGenerator generator = new ZipfianGenerator(200_000_000L, ZipfianGenerator.DEFAULT_EXPONENT);
    SplittableRandom random = new SplittableRandom(1);
    for (int draw = 0; draw < 100_000; draw++) {
      long rank = generator.next(random);
      if (rank < 0 || rank >= generator.itemCount()) {
        throw new AssertionError("rank out of range: " + rank);
      }
    }
  }

  @Test
  void shouldRejectBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(0, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(10, 0.0));
  }
}
