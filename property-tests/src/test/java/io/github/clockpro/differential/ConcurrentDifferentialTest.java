package io.github.clockpro.differential;

import io.github.clockpro.concurrency.LincheckBudget;
import io.github.clockpro.peers.Implementation;
import io.github.clockpro.peers.LibraryCache;
import io.github.clockpro.peers.PeerSettings;
import java.util.HashMap;
import java.util.Map;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Runs the same small concurrent scenarios on clockpro and on Caffeine with Lincheck, and checks each cache's
 * histories against one sequential specification, a {@link HashMap} ({@link Specification}): every history of
 * either cache must have the results of some sequential order of its operations on the map. The operations are
 * {@code getIfPresent}, {@code put}, {@code invalidate}, {@code get} with a loader, and through {@code asMap()}
 * {@code putIfAbsent}, {@code replace}, {@code remove}, {@code compute} and {@code merge}; the caches are large
 * enough never to evict, and both are built through their adapters in {@code clockpro-peers} for replay, so that
 * Caffeine runs its maintenance on the calling thread.
 *
 * <p>The loader is a fixed function of the key, as in {@code LoaderLincheckTest}: keys 3n load {@code null}, keys
 * 3n + 1 fail and keys 3n + 2 load {@code 10 * key}, so that callers who share one load see the outcome their own
 * loader would have had. Stress testing runs the scenarios on real threads; clockpro's own operations are also
 * model checked, against the cache replayed on one thread, by {@code MapOperationsLincheckTest}.
 */
public class ConcurrentDifferentialTest {

  /** The result of a load that threw; Lincheck compares results, so a failure becomes a value. */
  static final int FAILED = -1;

  /** Invocations per iteration: half the shared budget's, so that both caches' runs take 30 s at most. */
  private static final int INVOCATIONS = 500;

  @Test
  void shouldBeLinearizableAgainstAMapOnClockpro() {
    check(OnClockpro.class);
  }

  @Test
  void shouldBeLinearizableAgainstAMapOnCaffeine() {
    check(OnCaffeine.class);
  }

  private static void check(Class<? extends Operations> operations) {
    LincheckBudget.stress().invocationsPerIteration(INVOCATIONS).sequentialSpecification(Specification.class)
        .check(operations);
  }

  /** The loader both caches and the specification share. */
  static Integer load(Integer key) {
    return switch (key % 3) {
      case 0 -> null;
      case 1 -> throw new Answer.Failure();
      default -> 10 * key;
    };
  }

  /** The operations, over the calls a cache shares with the other. */
  @Param(name = "key", gen = IntGen.class, conf = "1:5")
  @Param(name = "value", gen = IntGen.class, conf = "1:3")
  public abstract static class Operations {

    /** The cache, built alike for both libraries through its adapter. */
    private final LibraryCache<Integer, Integer> cache;

    Operations(Implementation implementation) {
      this.cache = implementation.createLibraryCache(PeerSettings.maximumSize(100).forReplay());
    }

    @Operation
    public Integer getIfPresent(@Param(name = "key") int key) {
      return cache.getIfPresent(key);
    }

    @Operation
    public void put(@Param(name = "key") int key, @Param(name = "value") int value) {
      cache.put(key, value);
    }

    @Operation
    public void invalidate(@Param(name = "key") int key) {
      cache.invalidate(key);
    }

    @Operation
    public Integer getWithLoader(@Param(name = "key") int key) {
      try {
        return cache.get(key, ConcurrentDifferentialTest::load);
      } catch (Answer.Failure expected) {
        return FAILED;
      }
    }

    @Operation
    public Integer putIfAbsent(@Param(name = "key") int key, @Param(name = "value") int value) {
      return cache.asMap().putIfAbsent(key, value);
    }

    @Operation
    public Integer replace(@Param(name = "key") int key, @Param(name = "value") int value) {
      return cache.asMap().replace(key, value);
    }

    @Operation
    public Integer remove(@Param(name = "key") int key) {
      return cache.asMap().remove(key);
    }

    @Operation
    public Integer compute(@Param(name = "key") int key, @Param(name = "value") int value) {
      return cache.asMap().compute(key, (unused, present) -> Specification.computed(present, value));
    }

    @Operation
    public Integer merge(@Param(name = "key") int key, @Param(name = "value") int value) {
      return cache.asMap().merge(key, value, Specification::merged);
    }
  }

  /** The operations on clockpro. */
  public static class OnClockpro extends Operations {
    public OnClockpro() {
      super(Implementation.CLOCKPRO);
    }
  }

  /** The operations on Caffeine. */
  public static class OnCaffeine extends Operations {
    public OnCaffeine() {
      super(Implementation.CAFFEINE);
    }
  }

  /** The sequential specification: a map, with the operations' contracts. */
  public static class Specification {
    private final Map<Integer, Integer> map = new HashMap<>();

    static Integer computed(Integer present, int value) {
      return present == null ? Integer.valueOf(value) : present == value ? null : Integer.valueOf(present + value);
    }

    static Integer merged(Integer present, Integer given) {
      return present.equals(given) ? null : Integer.valueOf(present + given);
    }

    public Integer getIfPresent(int key) {
      return map.get(key);
    }

    public void put(int key, int value) {
      map.put(key, value);
    }

    public void invalidate(int key) {
      map.remove(key);
    }

    public Integer getWithLoader(int key) {
      Integer present = map.get(key);
      if (present != null) {
        return present;
      }
      try {
        Integer loaded = load(key);
        if (loaded != null) {
          map.put(key, loaded);
        }
        return loaded;
      } catch (Answer.Failure expected) {
        return FAILED;
      }
    }

    public Integer putIfAbsent(int key, int value) {
      return map.putIfAbsent(key, value);
    }

    public Integer replace(int key, int value) {
      return map.replace(key, value);
    }

    public Integer remove(int key) {
      return map.remove(key);
    }

    public Integer compute(int key, int value) {
      return map.compute(key, (unused, present) -> computed(present, value));
    }

    public Integer merge(int key, int value) {
      return map.merge(key, value, Specification::merged);
    }
  }
}
