package io.github.clockpro.bench.jmh;

import io.github.clockpro.ClockProCache;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Keys that all share one hash code, as a client who picks a cache's keys can make them: distinct {@code String}s
 * built from blocks of "Aa" and "BB", which hash alike. Compares clockpro with {@link ConcurrentHashMap}, whose
 * tree bins are the reference, single-threaded, in average time per operation, with {@code keys} keys mapped:
 *
 * <ul>
 *   <li>{@code lookup}: {@code getIfPresent} (or {@code get}) of a present key, the keys taken in turn.
 *   <li>{@code insert}: the put of an absent key into a full map. In clockpro an insert that evicts one entry:
 *       the key's lookup, the victim's removal and the key's insertion, all in the colliding bin and under the
 *       eviction lock. In {@code ConcurrentHashMap} a put followed by the removal of the key put {@code keys}
 *       puts before, so that the map stays as full. The keys cycle through a pool of 2<sup>18</sup>, so a key
 *       comes back only long after it left.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-Xms1g"})
public class CollidingKeysBenchmark {

  /** The colliding keys the inserts cycle through: 2^18, of 18 blocks each. */
  private static final int POOL = 1 << 18;

  @Param({"clockpro", "ConcurrentHashMap"})
  public String implementation;

  @Param({"20000"})
  public int keys;

  private String[] pool;
  private ClockProCache<String, String> cache;
  private ConcurrentMap<String, String> map;
  /** Operations so far in this iteration. */
  private int turn;

  /** Makes the pool of colliding keys. */
  @Setup(Level.Trial)
  public void makeKeys() {
    if (keys < 1 || 2 * keys > POOL) {
      throw new IllegalArgumentException("keys " + keys + " not within [1, " + POOL / 2 + "]");
    }
    pool = collidingStrings(POOL).toArray(new String[0]);
  }

  /** Maps the first {@code keys} keys of the pool into a new, full map. */
  @Setup(Level.Iteration)
  public void fill() {
    turn = 0;
    cache = null;
    map = null;
    if (implementation.equals("clockpro")) {
      cache = ClockProCache.builder().maximumSize(keys).build();
      for (int i = 0; i < keys; i++) {
        cache.put(pool[i], pool[i]);
      }
    } else if (implementation.equals("ConcurrentHashMap")) {
      map = new ConcurrentHashMap<>();
      for (int i = 0; i < keys; i++) {
        map.put(pool[i], pool[i]);
      }
    } else {
      throw new IllegalArgumentException("implementation " + implementation);
    }
  }

  /** The lookup of a present key. */
  @Benchmark
  public String lookup() {
    String key = pool[turn++ % keys];
    return cache != null ? cache.getIfPresent(key) : map.get(key);
  }

  /** The insert of an absent key into a full map, and the removal that keeps it full. */
  @Benchmark
  public String insert() {
    int step = turn++;
    String key = pool[(keys + step) % POOL];
    if (cache != null) {
      cache.put(key, key);
      return key;
    }
    map.put(key, key);
    return map.remove(pool[step % POOL]);
  }

  /** {@code count} distinct strings with one hash code: blocks of "Aa" or "BB", which hash alike. */
  static List<String> collidingStrings(int count) {
    int blocks = 1;
    while ((1 << blocks) < count) {
      blocks++;
    }
    List<String> strings = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      StringBuilder builder = new StringBuilder(2 * blocks);
      for (int block = 0; block < blocks; block++) {
        builder.append(((i >>> block) & 1) == 0 ? "Aa" : "BB");
      }
      strings.add(builder.toString());
    }
    return strings;
  }
}
