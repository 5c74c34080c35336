package io.github.clockpro.redis;

import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The tests of a class that share one {@link RedisUnderTest}: started before the class's first test, stopped after
 * its last; each test is reported as skipped, with the reason, when it could not start.
 *
 * <p>{@link #redis} is written by the {@code @BeforeAll} of each subclass in turn and read by its tests, all on
 * JUnit's thread; the test classes of this module do not run in parallel.
 */
abstract class SharedRedisTest {

  /** The server of the running test class, or {@code null} if it could not start. */
  static RedisUnderTest redis;

  @BeforeAll
  static void startRedis() {
    redis = RedisUnderTest.startOrNull();
  }

  @BeforeEach
  void requireRedis() {
    RedisUnderTest.assumeAvailable(redis);
  }

  @AfterAll
  static void stopRedis() throws IOException {
    if (redis != null) {
      redis.close();
    }
  }
}
