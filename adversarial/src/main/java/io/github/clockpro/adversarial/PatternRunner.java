package io.github.clockpro.adversarial;

import io.github.clockpro.CacheStats;
import io.github.clockpro.peers.Implementation;
import java.util.Objects;

/**
 * Applies an operation stream to a cache on the calling thread and measures hit rate, eviction work and the
 * latency of every operation.
 */
public final class PatternRunner {

  private PatternRunner() {}

  /**
   * Runs a named pattern against a fresh cache.
   *
   * @param pattern the pattern
   * @param cache the kind of cache to build
   * @param cacheSize the cache's maximum size; at least 100
   * @param seed the pattern's seed
   * @return the measurement
   * @throws NullPointerException if {@code pattern} or {@code cache} is null
   * @throws IllegalArgumentException if {@code cacheSize} is below 100
   */
  public static Measurement run(AccessPattern pattern, Implementation cache, int cacheSize, long seed) {
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(cache, "cache");
    OperationStream stream = pattern.open(cacheSize, seed);
    try (CacheTarget target = Caches.create(cache, cacheSize, pattern.expiry())) {
      return drive(pattern.name(), stream, pattern.keyShape(), cache, target, cacheSize, seed);
    }
  }

  static Measurement drive(String name, OperationStream stream, KeyShape keyShape, Implementation kind,
      CacheTarget target, int cacheSize, long seed) {
    long operations = 0;
    long reads = 0;
    long hits = 0;
    long worstLatency = 0;
    while (stream.advance()) {
      Object key = keyShape.toCacheKey(stream.key(), cacheSize);
      OperationKind operation = stream.kind();
      if (operation == OperationKind.ADVANCE) {
        target.advance(stream.key());
        continue;
      }
      long start = System.nanoTime();
      if (operation == OperationKind.GET) {
        reads++;
        if (target.get(key)) {
          hits++;
        }
      } else if (operation == OperationKind.PUT) {
        target.put(key);
      } else {
        target.invalidate(key);
      }
      long latency = System.nanoTime() - start;
      worstLatency = Math.max(worstLatency, latency);
      operations++;
    }
    ScanRecorder scans = target.scans();
    int scanLimit = 0;
    long violations = 0;
    long expirations = 0;
    long mostExpired = 0;
    if (target instanceof ClockProTarget) {
      ClockProTarget clockPro = (ClockProTarget) target;
      scanLimit = clockPro.cache().policy().scanLimit();
      CacheStats stats = clockPro.cache().stats();
      violations = clockPro.observedAboveLimit() + (stats.maxScanPerEviction() > scanLimit ? 1 : 0);
      expirations = clockPro.expirations();
      mostExpired = clockPro.mostExpiredInOneCall();
    }
    return new Measurement(name, kind, cacheSize, seed, operations, reads, hits, target.reportsScans(),
        scans.evictions(), scans.entriesExamined(), scans.maximumExaminedInOneOperation(), scanLimit, violations,
        worstLatency, target.crossCheck(), expirations, mostExpired);
  }
}
