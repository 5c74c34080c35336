package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentMap;
import org.junit.jupiter.api.Test;

/**
 * The README's quick start, compiled and run: the body of {@link #quickStart} is the README's code block, line for
 * line, and {@link #shouldMatchTheReadme} fails if the two part. Also: the module exports the API package alone.
 */
class PublicApiTest {

  private final List<Object> logged = new ArrayList<>();

  private void log(Long key, RemovalCause cause) {
    logged.add(key + " " + cause);
  }

  private static String loadFromDatabase(Long key) {
    return "value " + key;
  }

  @Test
  void shouldRunTheQuickStart() {
    ClockProCache<Long, String> cache = quickStart();
    assertEquals("value 42", cache.getIfPresent(42L));
    assertNull(cache.getIfPresent(7L));
    assertEquals(List.of("7 EXPLICIT"), logged);
  }

  private ClockProCache<Long, String> quickStart() {
    // quick-start:begin
    ClockProCache<Long, String> cache = ClockProCache.builder()
        .maximumSize(10_000)
        .removalListener((Long key, String value, RemovalCause cause) -> log(key, cause))
        .build();

    String value = cache.get(42L, key -> loadFromDatabase(key)); // read-through: one load per key in flight
    cache.put(7L, "seven");
    cache.getIfPresent(7L);                                        // "seven", or null
    cache.invalidate(7L);
    ConcurrentMap<Long, String> map = cache.asMap();               // a live ConcurrentMap view

    CacheStats stats = cache.stats();                              // an immutable snapshot, taken without a lock
    stats.hitRate();  stats.evictionCount();
    stats.scanCount(); stats.maxScanPerEviction();                 // entries examined: total, and worst single insert
    stats.lockWaitCount();  stats.totalLockWaitTime();             // how often, and how long, writers waited for the lock

    Policy<Long, String> policy = cache.policy();                  // what is specific to CLOCK-Pro, read live
    policy.hotSize();  policy.coldSize();  policy.historySize();
    policy.coldTarget();  policy.promotionThreshold();  policy.carryLimit();  // what the policy adapts to the workload
    policy.coldTargetFloor();                                      // its floor, which a trial of two floors chooses
    policy.historyLimit();                                         // the history's adaptive length
    policy.evictionCountAtMost(1);                                 // evictions that examined at most one entry
    // quick-start:end
    assertEquals("value 42", value);
    assertEquals(1, map.size());
    return cache;
  }

  @Test
  void shouldMatchTheReadme() throws IOException {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    String readme = Files.readString(root.resolve("README.md"));
    String test = Files.readString(
        root.resolve("clockpro-core/src/test/java/io/github/clockpro/PublicApiTest.java"));
    String body = test.substring(test.indexOf("// quick-start:begin"), test.indexOf("    // quick-start:end"));
    body = body.substring(body.indexOf('\n') + 1);
    StringBuilder expected = new StringBuilder();
    for (String line : body.split("\n", -1)) {
      expected.append(line.length() >= 4 ? line.substring(4) : line.strip()).append('\n');
    }
    String code = expected.toString().strip();
    assertTrue(readme.contains(code), "README's quick start differs from PublicApiTest.quickStart:\n" + code);
  }

  @Test
  void shouldExportTheApiPackageAlone() throws IOException {
    Path compiled = Path.of(System.getProperty("user.dir"), "target", "classes", "module-info.class");
    ModuleDescriptor module;
    try (var in = Files.newInputStream(compiled)) {
      module = ModuleDescriptor.read(in);
    }
    assertEquals(1, module.exports().size(), module.exports().toString());
    ModuleDescriptor.Exports exported = module.exports().iterator().next();
    assertEquals("io.github.clockpro", exported.source());
    assertFalse(exported.isQualified());
  }
}
