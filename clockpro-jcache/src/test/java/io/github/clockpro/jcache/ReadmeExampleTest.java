package io.github.clockpro.jcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.jcache.ClockProConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.expiry.AccessedExpiryPolicy;
import javax.cache.expiry.Duration;
import javax.cache.spi.CachingProvider;
import org.junit.jupiter.api.Test;

/**
 * Runs the JCache example of the README and docs/jcache.md, and checks that each document's copy is this test's
 * code: every line of the example, without its trailing comment, must be a line of this file.
 */
class ReadmeExampleTest {

  @Test
  @SuppressWarnings("unchecked")
  void shouldRunTheReadmeExample() {
    CachingProvider provider = Caching.getCachingProvider();      // finds clockpro's provider, no configuration
    CacheManager manager = provider.getCacheManager();

    ClockProConfiguration<String, Integer> configuration = new ClockProConfiguration<>();
    configuration.setTypes(String.class, Integer.class)
        .setExpiryPolicyFactory(AccessedExpiryPolicy.factoryOf(Duration.TEN_MINUTES))
        .setStatisticsEnabled(true);
    configuration.setMaximumSize(10_000);                          // what JSR-107 does not cover

    Cache<String, Integer> cache = manager.createCache("lengths", configuration);
    cache.put("clockpro", 8);
    Integer length = cache.get("clockpro");                        // 8
    ClockProCache<String, Integer> core = cache.unwrap(ClockProCache.class);
    long maximum = core.policy().maximum();                        // 10000

    assertEquals(8, length);
    assertEquals(10_000, maximum);
    manager.destroyCache("lengths");
  }

  @Test
  void shouldMatchTheReadmeCopy() throws IOException {
    assertExampleIsThisTest(Path.of(System.getProperty("clockpro.readme", "../README.md")), "## JCache");
  }

  @Test
  void shouldMatchTheDocsCopy() throws IOException {
    assertExampleIsThisTest(Path.of(System.getProperty("clockpro.docs", "../docs")).resolve("jcache.md"), "## Use");
  }

  private static void assertExampleIsThisTest(Path document, String heading) throws IOException {
    List<String> example = javaBlockAfter(Files.readAllLines(document), heading);
    assertFalse(example.isEmpty(), "no java block after " + heading + " in " + document);
    List<String> source = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of("src/test/java/io/github/clockpro/jcache/ReadmeExampleTest.java"))) {
      source.add(line.trim());
    }
    for (String line : example) {
      String code = line.trim();
      if (!code.isEmpty()) {
        assertTrue(source.contains(code), document + " has a line this test lacks: " + code);
      }
    }
  }

  /** The lines of the first java code block after the heading, or none if the heading is missing. */
  private static List<String> javaBlockAfter(List<String> lines, String heading) {
    int headingIndex = lines.indexOf(heading);
    if (headingIndex < 0) {
      return List.of();
    }
    int open = headingIndex + 1;
    while (open < lines.size() && !lines.get(open).equals("```java")) {
      open++;
    }
    int close = open + 1;
    while (close < lines.size() && !lines.get(close).equals("```")) {
      close++;
    }
    return open < lines.size() ? lines.subList(open + 1, Math.min(close, lines.size())) : List.of();
  }
}
