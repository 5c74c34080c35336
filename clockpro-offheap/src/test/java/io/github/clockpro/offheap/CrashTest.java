package io.github.clockpro.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM while it writes to a persisted cache, then reopens the directory: every entry served must be
 * one the child wrote whole (each value repeats its key and its own length), and most of what the child reported
 * written before the kill must be served.
 */
class CrashTest {

  static final long BYTES = 8L << 20;

  @TempDir
  Path directory;

  /** The child: writes values of varying size to random keys until killed, reporting progress on stdout. */
  public static void main(String[] arguments) {
    Path directory = Path.of(arguments[0]);
    OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(BYTES).persistTo(directory).build();
    SplittableRandom random = new SplittableRandom(42);
    for (long written = 1; ; written++) {
      long key = random.nextLong(50_000);
      cache.put(key, valueOf(key, random.nextInt(1, 2_000)));
      if (random.nextInt(10) == 0) {
        cache.invalidate(random.nextLong(50_000));
      }
      if (written % 10_000 == 0) {
        System.out.println(written);
        System.out.flush();
      }
    }
  }

  static String valueOf(long key, int length) {
    StringBuilder value = new StringBuilder().append(key).append(':').append(length).append(':');
    while (value.length() < length) {
      value.append((char) ('a' + (key + value.length()) % 26));
    }
    return value.toString();
  }

  static boolean whole(long key, String value) {
    String[] parts = value.split(":", 3);
    return parts.length == 3 && Long.parseLong(parts[0]) == key
        && value.equals(valueOf(key, Integer.parseInt(parts[1])));
  }

  @Test
  void shouldNeverServeATornEntryAfterTheWriterIsKilled() throws Exception {
    for (int round = 0; round < 2; round++) {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<String> command = new ArrayList<>(List.of(java));
      if (ManagementFactory.getRuntimeMXBean().getInputArguments().contains(UnsafeDenialTest.DENY)) {
        command.add(UnsafeDenialTest.DENY);
      }
      command.addAll(List.of("-cp", System.getProperty("java.class.path"), CrashTest.class.getName(),
          directory.toString()));
      Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
      try (BufferedReader output = new BufferedReader(new InputStreamReader(child.getInputStream(),
          StandardCharsets.UTF_8))) {
        int reports = 0;
        String line;
        while (reports < 2 + round && (line = output.readLine()) != null) {
          assertTrue(line.matches("\\d+"), "child said: " + line);
          reports++;
        }
        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
      }
      try (OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
          .maximumBytes(BYTES).persistTo(directory).build()) {
        int served = 0;
        for (long key = 0; key < 50_000; key++) {
          String value = cache.getIfPresent(key);
          if (value != null) {
            assertTrue(whole(key, value), "torn value for " + key);
            served++;
          }
        }
        assertEquals(cache.size(), served);
        assertTrue(served > 1000, "served " + served);
        cache.put(-1L, valueOf(-1, 10));
      }
    }
  }
}
