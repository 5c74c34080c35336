package io.github.clockpro.spring.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.clockpro.spring.ClockProCacheManager;
import io.github.clockpro.spring.ClockProSpringCache;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cache.CacheManager;

/**
 * The README's Spring example as a whole application: {@link BookApplication} and {@link BookService} are the
 * README's code, its properties are the README's {@code application.properties}, and
 * {@link #shouldMatchTheReadme} fails if they part.
 */
@SpringBootTest(classes = BookApplication.class, properties = {
    ReadmeExampleTest.SPEC_PROPERTY, ReadmeExampleTest.NAMES_PROPERTY})
class ReadmeExampleTest {

  static final String SPEC_PROPERTY = "clockpro.cache.spec=maximumSize=10000,expireAfterWrite=10m";
  static final String NAMES_PROPERTY = "clockpro.cache.cache-names=books";

  @Autowired
  private BookService books;

  @Autowired
  private CacheManager cacheManager;

  @Autowired
  private MeterRegistry registry;

  @Test
  void shouldCacheThroughClockPro() {
    assertThat(cacheManager).isInstanceOf(ClockProCacheManager.class);
    assertThat(books.title(42)).isEqualTo("Title 42");
    assertThat(books.title(42)).isEqualTo("Title 42");
    assertThat(registry.get("cache.gets").tags("cache", "books", "result", "hit").functionCounter().count())
        .isEqualTo(1);
    assertThat(registry.get("cache.gets").tags("cache", "books", "result", "miss").functionCounter().count())
        .isEqualTo(1);
    ClockProSpringCache cache = (ClockProSpringCache) cacheManager.getCache("books");
    assertThat(cache.getNativeCache().asMap()).containsEntry(42L, "Title 42");
    assertThat(cache.getNativeCache().policy().maximum()).isEqualTo(10_000);
  }

  @Test
  void shouldMatchTheReadme() throws IOException {
    Path docs = Path.of(System.getProperty("clockpro.docs", "../docs"));
    String readme = Files.readString(docs.resolveSibling("README.md"));
    String code = exampleCode("BookApplication.java") + "\n\n" + exampleCode("BookService.java");
    assertThat(readme).as("README's Spring example differs from BookApplication.java and BookService.java")
        .contains(code);
    assertThat(readme).contains(SPEC_PROPERTY + "\n" + NAMES_PROPERTY);
  }

  private static String exampleCode(String file) throws IOException {
    String example = Files.readString(Path.of("src/test/java/io/github/clockpro/spring/example", file));
    String code = example.substring(example.indexOf("// readme:begin"), example.indexOf("// readme:end"));
    return code.substring(code.indexOf('\n') + 1).strip();
  }
}
