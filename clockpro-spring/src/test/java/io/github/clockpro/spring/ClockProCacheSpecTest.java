package io.github.clockpro.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.clockpro.ClockProCache;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClockProCacheSpecTest {

  @Test
  void shouldParseEveryKey() {
    ClockProCacheSpec spec = ClockProCacheSpec.parse(
        "maximumSize=10000,initialCapacity=64,scanLimit=32,expireAfterWrite=10m");
    assertThat(spec.toString()).isEqualTo("maximumSize=10000,initialCapacity=64,scanLimit=32,expireAfterWrite=PT10M");
    ClockProCache<Object, Object> cache = spec.toBuilder().build();
    assertThat(cache.policy().maximum()).isEqualTo(10_000);
    assertThat(cache.policy().scanLimit()).isEqualTo(32);
    assertThat(ClockProCacheSpec.parse("maximumSize=5,expireAfterAccess=5m").toBuilder().build()).isNotNull();
    assertThat(ClockProCacheSpec.parse("maximumSize=5,expireAfterWrite=1m,refreshAfterWrite=30s").toBuilder()
        .build(key -> key)).isNotNull();
    assertThat(ClockProCacheSpec.parse("maximumSize=5,refreshAfterWrite=1m").toBuilder().build(key -> key))
        .isNotNull();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "1500ms | PT1.5S",
      "90s | PT1M30S",
      "10m | PT10M",
      "2h | PT2H",
      "1d | PT24H",
      "10M | PT10M",
      "PT10M | PT10M",
      "pt30s | PT30S",
      "0s | PT0S"})
  void shouldParseDurations(String written, String expected) {
    ClockProCacheSpec spec = ClockProCacheSpec.parse("maximumSize=1,expireAfterWrite=" + written);
    assertThat(spec.toString()).isEqualTo("maximumSize=1,expireAfterWrite=" + Duration.parse(expected));
  }

  @Test
  void shouldIgnoreSpacesAndEmptyPairs() {
    ClockProCacheSpec spaced = ClockProCacheSpec.parse(" maximumSize = 100 , , expireAfterWrite= 1h ,");
    assertThat(spaced.toString()).isEqualTo("maximumSize=100,expireAfterWrite=PT1H");
    assertThat(spaced).isEqualTo(ClockProCacheSpec.parse("expireAfterWrite=60m,maximumSize=100"));
    assertThat(spaced.hashCode()).isEqualTo(ClockProCacheSpec.parse("maximumSize=100,expireAfterWrite=1h").hashCode());
  }

  @Test
  void shouldBuildWeakKeysComparedByIdentity() {
    ClockProCache<Object, Object> cache = ClockProCacheSpec.parse("maximumSize=10,weakKeys").toBuilder().build();
    String key = new String("key");
    cache.put(key, "value");
    assertThat(cache.getIfPresent(key)).isEqualTo("value");
    assertThat(cache.getIfPresent(new String("key"))).isNull();
  }

  @Test
  void shouldParseItsOwnText() {
    ClockProCacheSpec spec = ClockProCacheSpec.parse("maximumSize=7,scanLimit=3,refreshAfterWrite=1500ms");
    assertThat(ClockProCacheSpec.parse(spec.toString())).isEqualTo(spec);
  }

  @Test
  void shouldGiveANewBuilderEachTime() {
    ClockProCacheSpec spec = ClockProCacheSpec.parse("maximumSize=7");
    assertThat(spec.toBuilder()).isNotSameAs(spec.toBuilder());
    // A builder takes each setting once: a second maximumSize would throw if the builder were shared.
    spec.toBuilder().build();
    spec.toBuilder().build();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "\"\" | maximumSize is required",
      "\" , \" | maximumSize is required",
      "expireAfterWrite=1m | maximumSize is required",
      "maximumSize | 'maximumSize' has no '=' and value",
      "maximumSize= | maximumSize has no value",
      "=5 | a pair has no key",
      "maximumSize=1,maximumSize=2 | maximumSize is given twice",
      "maximumSize=1,maximumWeight=2 | maximumWeight: maximumWeight cannot be set",
      "maximumSize=1,expiry=2m | unknown key 'expiry'",
      "maximumSize=ten | maximumSize must be a whole number but was 'ten'",
      "maximumSize=-1 | maximumSize: maximumSize must be between 0 and",
      "maximumSize=3000000000 | maximumSize: maximumSize must be between 0 and",
      "maximumSize=1,scanLimit=0 | scanLimit: scanLimit must be at least 1",
      "maximumSize=1,scanLimit=3000000000 | scanLimit must be at most 2147483647",
      "maximumSize=1,initialCapacity=-1 | initialCapacity: initialCapacity must be at least 0",
      "maximumSize=1,expireAfterWrite=10 | expireAfterWrite must be a whole number and a unit",
      "maximumSize=1,expireAfterWrite=m | expireAfterWrite must be a whole number and a unit",
      "maximumSize=1,expireAfterWrite=-1m | expireAfterWrite must be a whole number and a unit",
      "maximumSize=1,expireAfterWrite=10w | expireAfterWrite has the unknown unit 'w'",
      "maximumSize=1,expireAfterWrite=PT10X | expireAfterWrite is not an ISO-8601 duration",
      "maximumSize=1,expireAfterWrite=PT-10M | expireAfterWrite: expireAfterWrite must not be negative",
      "maximumSize=1,expireAfterWrite=99999999999999999999s | expireAfterWrite is too large",
      "maximumSize=1,expireAfterWrite=9999999999999999d | expireAfterWrite is too large",
      "maximumSize=1,expireAfterAccess=1m,expireAfterAccess=2m | expireAfterAccess is given twice",
      "maximumSize=1,refreshAfterWrite=0s | refreshAfterWrite: refreshAfterWrite must be positive"})
  void shouldRejectABadSpecificationNamingTheKey(String specification, String problem) {
    assertThatThrownBy(() -> ClockProCacheSpec.parse(specification))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Invalid cache specification '" + specification + "': ")
        .hasMessageContaining(problem);
  }

  @Test
  void shouldRejectNull() {
    assertThatThrownBy(() -> ClockProCacheSpec.parse(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("specification");
  }
}
