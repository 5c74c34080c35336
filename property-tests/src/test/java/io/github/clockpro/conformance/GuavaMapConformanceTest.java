package io.github.clockpro.conformance;

import com.google.common.collect.testing.ConcurrentMapTestSuiteBuilder;
import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.TestMapGenerator;
import com.google.common.collect.testing.TestStringMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.Feature;
import com.google.common.collect.testing.features.MapFeature;
import io.github.clockpro.ClockProCache;
import java.util.List;
import java.util.Map;
import junit.framework.Test;
import junit.framework.TestSuite;
import org.junit.runner.RunWith;
import org.junit.runners.AllTests;

/**
 * Runs Guava's testlib {@link ConcurrentMapTestSuiteBuilder} over {@link ClockProCache#asMap()}: the
 * {@link java.util.concurrent.ConcurrentMap} contract, as the Guava authors wrote it, for every size and every
 * feature the view supports, twice: once with Guava's string samples, filled through the view, and once with
 * keys whose hash codes all collide, filled through {@link ClockProCache#put}. JUnit Vintage runs it.
 *
 * <p>Features claimed: put, remove and every other mutation ({@link MapFeature#GENERAL_PURPOSE}), removal
 * through the iterators of the key, value and entry views ({@link CollectionFeature#SUPPORTS_ITERATOR_REMOVE}),
 * and every size ({@link CollectionSize#ANY}). Not claimed, because the view does not offer them: null keys,
 * values or queries (it throws {@link NullPointerException}, as {@code ConcurrentHashMap} does), a known
 * iteration order, fail-fast iterators (they are weakly consistent) and serialization. No test is suppressed.
 *
 * <p>The cache is far larger than any map the suite builds, so no entry is evicted during a test.
 */
@RunWith(AllTests.class)
public final class GuavaMapConformanceTest {

  /** Larger than any map the suite builds, so the suite never sees an eviction. */
  static final int MAXIMUM_SIZE = 1_000;

  private GuavaMapConformanceTest() {}

  /**
   * Builds the generated suite; JUnit's {@link AllTests} runner calls it.
   *
   * @return the suite of generated tests
   */
  public static Test suite() {
    TestSuite suite = new TestSuite("ClockProCache.asMap conformance");
    suite.addTest(ConcurrentMapTestSuiteBuilder.using(new StringKeysGenerator())
        .named("ClockProCache.asMap with string keys")
        .withFeatures(supportedFeatures())
        .createTestSuite());
    suite.addTest(ConcurrentMapTestSuiteBuilder.using(new CollidingKeysGenerator())
        .named("ClockProCache.asMap with colliding hash codes")
        .withFeatures(supportedFeatures())
        .createTestSuite());
    return suite;
  }

  private static List<Feature<?>> supportedFeatures() {
    return List.of(MapFeature.GENERAL_PURPOSE, CollectionFeature.SUPPORTS_ITERATOR_REMOVE, CollectionSize.ANY);
  }

  /** Creates each map under test as a fresh cache filled through the view with the given entries in order. */
  static final class StringKeysGenerator extends TestStringMapGenerator {
    @Override
    protected Map<String, String> create(Map.Entry<String, String>[] entries) {
      ClockProCache<String, String> cache = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
      Map<String, String> map = cache.asMap();
      for (Map.Entry<String, String> entry : entries) {
        map.put(entry.getKey(), entry.getValue());
      }
      return map;
    }
  }

  /** A key whose hash code is the same for every instance, so that every entry shares one hash bin. */
  record CollidingKey(String name) {
    @Override
    public int hashCode() {
      return 42;
    }
  }

  /** Creates each map under test as a fresh cache of colliding keys, filled through {@link ClockProCache#put}. */
  static final class CollidingKeysGenerator implements TestMapGenerator<CollidingKey, String> {
    @Override
    public SampleElements<Map.Entry<CollidingKey, String>> samples() {
      return SampleElements.mapEntries(
          new SampleElements<>(new CollidingKey("a"), new CollidingKey("b"), new CollidingKey("c"),
              new CollidingKey("d"), new CollidingKey("e")),
          new SampleElements<>("A", "B", "C", "D", "E"));
    }

    @Override
    public Map<CollidingKey, String> create(Object... entries) {
      ClockProCache<CollidingKey, String> cache = ClockProCache.builder().maximumSize(MAXIMUM_SIZE).build();
      for (Object element : entries) {
        @SuppressWarnings("unchecked")
        Map.Entry<CollidingKey, String> entry = (Map.Entry<CollidingKey, String>) element;
        cache.put(entry.getKey(), entry.getValue());
      }
      return cache.asMap();
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map.Entry<CollidingKey, String>[] createArray(int length) {
      return (Map.Entry<CollidingKey, String>[]) new Map.Entry<?, ?>[length];
    }

    @Override
    public Iterable<Map.Entry<CollidingKey, String>> order(List<Map.Entry<CollidingKey, String>> insertionOrder) {
      return insertionOrder;
    }

    @Override
    public CollidingKey[] createKeyArray(int length) {
      return new CollidingKey[length];
    }

    @Override
    public String[] createValueArray(int length) {
      return new String[length];
    }
  }
}
