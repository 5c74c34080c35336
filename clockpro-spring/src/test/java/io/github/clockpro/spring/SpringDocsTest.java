package io.github.clockpro.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/spring.md against the code: the keys, the default, the properties and the example refusal it shows. */
class SpringDocsTest {

  private static String page() throws IOException {
    return Files.readString(Path.of(System.getProperty("clockpro.docs", "../docs"), "spring.md"));
  }

  @Test
  void shouldListEverySpecificationKey() throws IOException {
    String page = page();
    for (String key : List.of("maximumSize", "initialCapacity", "scanLimit", "expireAfterWrite", "expireAfterAccess",
        "refreshAfterWrite")) {
      assertThat(page).contains("| `" + key + "` |");
    }
  }

  @Test
  void shouldStateTheDefaultAndTheProperties() throws IOException {
    String page = page();
    assertThat(page).contains("(`" + ClockProCacheManager.DEFAULT_SPECIFICATION + "`)");
    assertThat(page).contains("| `clockpro.cache.spec` | `" + ClockProCacheManager.DEFAULT_SPECIFICATION + "` |");
    assertThat(page).contains("| `clockpro.cache.cache-names` |");
  }

  @Test
  void shouldShowTheRefusalTheParserGives() throws IOException {
    String shown = exampleRefusal(page());
    assertThatThrownBy(() -> ClockProCacheSpec.parse("maximumSize=500,expireAfterWrite=ten"))
        .hasMessage(shown);
  }

  /** The refusal the page shows, its line breaks joined: the message itself is one line. */
  private static String exampleRefusal(String page) {
    String refusal = page.substring(page.indexOf("Invalid cache specification '"));
    return refusal.substring(0, refusal.indexOf("\n```")).replace('\n', ' ');
  }
}
