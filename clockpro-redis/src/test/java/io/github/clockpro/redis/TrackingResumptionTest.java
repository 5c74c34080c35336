package io.github.clockpro.redis;

import static io.github.clockpro.redis.RedisUnderTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.clockpro.ClockProCache;
import io.github.clockpro.redis.TrackedConnection.FlushCause;
import io.lettuce.core.AclSetuserArgs;
import io.lettuce.core.KillArgs;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.protocol.CommandType;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntPredicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Turning tracking on again after a reconnection: a reply counts only for the connection that sent the command,
 * and a refusal while the connection stays up is logged and retried rather than ending caching silently.
 */
class TrackingResumptionTest extends SharedRedisTest {

  @Test
  void shouldNotResumeFillsWhenTheConnectionWasLostAfterTheTrackingReply() {
    try (StatefulRedisConnection<String, String> connection = redis.connect()) {
      FlushingOwner owner = new FlushingOwner();
      TrackedConnection<String, String> tracked = new TrackedConnection<>(connection, owner, "test");
      tracked.enable();
      assertTrue(tracked.isTracking());
      FillToken before = tracked.newToken();

      // The order a race can produce: the reply to CLIENT TRACKING on arrives, the connection is lost, and only
      // then does the thread that read the reply resume fills.
      long generation = tracked.connectionGeneration();
      owner.flush(tracked, FlushCause.CONNECTION, slot -> true);

      assertFalse(tracked.resume(generation), "a reply from before the loss resumes nothing");
      assertFalse(tracked.isTracking());
      assertFalse(tracked.storeIfCurrent(before, () -> { }));
      assertFalse(tracked.storeIfCurrent(tracked.newToken(), () -> { }), "no fill until tracking is on again");
      assertTrue(tracked.resume(tracked.connectionGeneration()));
      assertTrue(tracked.storeIfCurrent(tracked.newToken(), () -> { }));
      tracked.close();
    }
  }

  @Test
  void shouldLogAndRetryARefusedTrackingCommandWhileTheConnectionStaysUp() {
    assumeTrue(redis.canRestart(), "changing the default user's permissions needs the embedded server");
    CapturedLog log = new CapturedLog();
    try (StatefulRedisConnection<String, String> admin = redis.connect()) {
      admin.sync().aclSetuser("admin",
          AclSetuserArgs.Builder.on().addPassword("secret").allCommands().allKeys().allChannels());
      RedisURI adminUri = RedisURI.builder(redis.uri()).withAuthentication("admin", "secret").build();
      try (StatefulRedisConnection<String, String> other = redis.client().connect(adminUri);
          StatefulRedisConnection<String, String> connection = redis.connect();
          RedisNearCache<String, String> nearCache =
              RedisNearCache.enable(connection, ClockProCache.builder().maximumSize(100).build())) {
        long nearClient = connection.sync().clientId();
        try {
          other.sync().aclSetuser("default", AclSetuserArgs.Builder.removeCommand(CommandType.CLIENT));
          other.sync().clientKill(KillArgs.Builder.id(nearClient));

          await("the loss is seen", () -> nearCache.stats().connectionFlushCount() == 1);
          await("the refusal is logged", () -> !log.messages().isEmpty());
          assertTrue(log.messages().get(0).contains("CLIENT TRACKING on failed"), log.messages().toString());
          assertFalse(nearCache.isTracking());
          other.sync().set("k", "v");
          assertEquals("v", nearCache.get("k"));
          assertNull(nearCache.cache().asMap().get("k"), "nothing is cached while tracking is refused");
        } finally {
          other.sync().aclSetuser("default", AclSetuserArgs.Builder.addCommand(CommandType.CLIENT));
        }

        await("a retry turned tracking on", nearCache::isTracking);
        assertEquals("v", nearCache.get("k"));
        assertEquals("v", nearCache.cache().asMap().get("k"));
        other.sync().set("k", "w");
        connection.sync().ping();
        assertNull(nearCache.cache().asMap().get("k"), "invalidated again");
      } finally {
        admin.sync().aclDeluser("admin");
        log.close();
      }
    }
  }

  /** An owner that flushes as the near cache does, without entries. */
  private static final class FlushingOwner implements TrackedConnection.Owner<String, String> {

    @Override
    public void invalidate(String key) {}

    @Override
    public void flush(TrackedConnection<String, String> connection, FlushCause cause,
        IntPredicate slots) {
      connection.flush(cause == FlushCause.CONNECTION, slots, taken -> { });
    }
  }

  /** The warnings logged by the near cache while open. */
  private static final class CapturedLog extends Handler implements AutoCloseable {

    private final Logger logger = Logger.getLogger(RedisNearCache.class.getName());
    private final List<String> messages = new CopyOnWriteArrayList<>();

    CapturedLog() {
      logger.addHandler(this);
    }

    List<String> messages() {
      return messages;
    }

    @Override
    public void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
        messages.add(record.getMessage());
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      logger.removeHandler(this);
    }
  }
}
