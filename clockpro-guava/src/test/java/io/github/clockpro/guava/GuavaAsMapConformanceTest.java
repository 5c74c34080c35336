package io.github.clockpro.guava;

import com.google.common.collect.testing.ConcurrentMapTestSuiteBuilder;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import io.github.clockpro.ClockProCache;
import java.util.Map;
import junit.framework.Test;
import org.junit.runner.RunWith;
import org.junit.runners.AllTests;

/**
 * Guava's testlib suite for a {@link java.util.concurrent.ConcurrentMap}, over the {@code asMap()} view of the
 * {@link com.google.common.cache.Cache} that {@link ClockProGuava} builds. A {@link com.google.common.cache.LoadingCache}
 * returns the same view of its core cache, so one suite covers both.
 */
@RunWith(AllTests.class)
public final class GuavaAsMapConformanceTest {

  /** Larger than any map the suite builds, so the suite never sees an eviction. */
  private static final int MAXIMUM_SIZE = 1_000;

  private GuavaAsMapConformanceTest() {}

  /**
   * Builds the generated suite; JUnit's {@link AllTests} runner calls it.
   *
   * @return the suite of generated tests
   */
  public static Test suite() {
    return ConcurrentMapTestSuiteBuilder.using(new TestStringMapGenerator() {
      @Override
      protected Map<String, String> create(Map.Entry<String, String>[] entries) {
        Map<String, String> map =
            ClockProGuava.<String, String>build(ClockProCache.builder().maximumSize(MAXIMUM_SIZE)).asMap();
        for (Map.Entry<String, String> entry : entries) {
          map.put(entry.getKey(), entry.getValue());
        }
        return map;
      }
    }).named("ClockProGuava Cache.asMap")
        .withFeatures(MapFeature.GENERAL_PURPOSE, CollectionFeature.SUPPORTS_ITERATOR_REMOVE, CollectionSize.ANY)
        .createTestSuite();
  }
}
