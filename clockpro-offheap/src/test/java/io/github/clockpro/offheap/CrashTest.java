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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kills a child JVM while it writes to a persisted cache, then reopens the directory: every entry served must be
 * one the child wrote whole (each value repeats its key, its own length and the number of its write, and its
 * filler follows from them), and most of what the child reported written before the kill must be served. The
 * child writes values of varied sizes (each replacement appended to the ring) or all of one size (replacements
 * rewritten in place).
 */
class CrashTest {

  static final long BYTES = 8L << 20;

  @TempDir
  Path directory;

  /** The length of every value in the child's {@code fixed} mode. */
  static final int FIXED_LENGTH = 200;

  /**
   * The child: writes values to random keys until killed, reporting progress on stdout. Arguments: the directory,
   * then {@code varied} (sizes 1 to 2,000) or {@code fixed} (all {@link #FIXED_LENGTH}).
   */
  public static void main(String[] arguments) {
    Path directory = Path.of(arguments[0]);
    boolean fixed = arguments[1].equals("fixed");
    OffHeapCache<Long, String> cache = OffHeapCache.builder(Serializer.longs(), Serializer.string())
        .maximumBytes(BYTES).persistTo(directory).build();
    SplittableRandom random = new SplittableRandom(42);
    for (long written = 1; ; written++) {
      long key = random.nextLong(50_000);
      cache.put(key, valueOf(key, fixed ? FIXED_LENGTH : random.nextInt(1, 2_000), written));
      if (random.nextInt(10) == 0) {
        cache.invalidate(random.nextLong(50_000));
      }
      if (written % 10_000 == 0) {
        System.out.println(written);
        System.out.flush();
      }
    }
  }

  /** A value naming its key, its length (at least, as the prefix may exceed it) and its write. */
  static String valueOf(long key, int length, long write) {
    StringBuilder value = new StringBuilder().append(key).append(':').append(length).append(':').append(write)
        .append(':');
    while (value.length() < length) {
      value.append((char) ('a' + (key + write + value.length()) % 26));
    }
    return value.toString();
  }

  static boolean whole(long key, String value) {
    String[] parts = value.split(":", 4);
    return parts.length == 4 && Long.parseLong(parts[0]) == key
        && value.equals(valueOf(key, Integer.parseInt(parts[1]), Long.parseLong(parts[2])));
  }

  @ParameterizedTest
  @ValueSource(strings = {"varied", "fixed"})
  void shouldNeverServeATornEntryAfterTheWriterIsKilled(String sizes) throws Exception {
    for (int round = 0; round < 2; round++) {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<String> command = new ArrayList<>(List.of(java));
      if (ManagementFactory.getRuntimeMXBean().getInputArguments().contains(UnsafeDenialTest.DENY)) {
        command.add(UnsafeDenialTest.DENY);
      }
      command.addAll(List.of("-cp", System.getProperty("java.class.path"), CrashTest.class.getName(),
          directory.toString(), sizes));
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
        for (long key = -1; key < 50_000; key++) { // -1: put by the round before
          String value = cache.getIfPresent(key);
          if (value != null) {
            assertTrue(whole(key, value), "torn value for " + key);
            served++;
          }
        }
        assertEquals(cache.size(), served);
        assertTrue(served > 1000, "served " + served);
        cache.put(-1L, valueOf(-1, 10, 0));
      }
    }
  }
}
