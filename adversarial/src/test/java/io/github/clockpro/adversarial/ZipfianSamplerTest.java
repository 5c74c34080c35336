package io.github.clockpro.adversarial;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ZipfianSamplerTest {

  @Test
  void shouldDrawRanksInRangeWithTheFirstMostFrequent() {
    ZipfianSampler sampler = new ZipfianSampler(100, 1.0);
    SplittableRandom random = new SplittableRandom(1);
    long[] counts = new long[100];
    for (int i = 0; i < 200_000; i++) {
      long rank = sampler.sample(random);
      assertTrue(rank >= 0 && rank < 100, () -> "rank " + rank);
      counts[(int) rank]++;
    }
    double ratio = (double) counts[0] / counts[1];
    assertTrue(ratio > 1.8 && ratio < 2.2, () -> "rank 0 to rank 1 ratio " + ratio + ", expected about 2");
    assertTrue(counts[0] > counts[9] * 8, "rank 0 should be about ten times rank 9");
  }

  @Test
  void shouldRejectANonPositiveSkew() {
    assertThrows(IllegalArgumentException.class, () -> new ZipfianSampler(10, 0));
  }
}
