package io.github.clockpro.adversarial;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Patterns whose cache expires entries, on a manual ticker the patterns move: a mass expiry at one instant,
 * deadlines churning through an {@code Expiry}, and ticker jumps of hours. They attack the bound on expiry work
 * per operation (no cache call may expire more than the scan limit), besides the eviction's.
 */
final class ExpiryPatterns {

  /** Reads and updates per cache entry in the churning pattern, and in the jumping one. */
  private static final int OPERATIONS_PER_ENTRY = 2;
  /** The churning pattern moves the time once in this many operations ... */
  private static final int CHURN_ADVANCE_INTERVAL = 64;
  /** ... by up to this much. */
  private static final long CHURN_ADVANCE_LIMIT = Duration.ofMillis(200).toNanos();
  /** The jumping pattern's rounds, each ending in a jump. */
  private static final int JUMP_ROUNDS = 8;

  private ExpiryPatterns() {}

  static AccessPattern massExpiry() {
    Duration lifetime = Duration.ofMinutes(1);
    long past = Duration.ofMinutes(2).toNanos();
    return new AccessPattern(
        "mass-expiry",
        "With expireAfterWrite(1 min): puts cacheSize keys at one instant, moves the time 2 minutes on, so that "
            + "every entry is expired at once, then reads each key (a miss and a read-through put), moves on 2 "
            + "minutes again and puts cacheSize new keys. A cache that expires everything due in one operation "
            + "removes cacheSize entries at once.",
        KeyShape.PLAIN,
        (cacheSize, random) -> List.of(
            Phase.putEach("fill at one instant", 0, cacheSize),
            advance("every entry expires", past),
            Phase.readEach("read the expired keys", 0, cacheSize),
            advance("every entry expires again", past),
            Phase.putEach("put new keys", Keys.region(1, 0), cacheSize)),
        PatternExpiry.afterWrite(lifetime));
  }

  static AccessPattern churningDeadlines() {
    return new AccessPattern(
        "expiry-churn",
        "With an Expiry whose lifetimes (0 to 4 s) change with the key on create, with the key and the time on "
            + "update, and on reads (halved, reset or kept): fills the cache, then reads (three in four) and "
            + "updates keys drawn uniformly from 2 * cacheSize, moving the time up to 200 ms every 64 operations. "
            + "Deadlines move both ways, so the timer keeps finding entries not yet due and entries due early.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          long keySpace = 2L * cacheSize;
          return List.of(
              Phase.putEach("fill", 0, cacheSize),
              new Phase("read, update and move the time", (long) OPERATIONS_PER_ENTRY * cacheSize,
                  (index, sink) -> {
                    if (index % CHURN_ADVANCE_INTERVAL == CHURN_ADVANCE_INTERVAL - 1) {
                      sink.accept(OperationKind.ADVANCE, random.nextLong(CHURN_ADVANCE_LIMIT));
                    } else {
                      sink.accept(random.nextInt(4) == 0 ? OperationKind.PUT : OperationKind.GET,
                          random.nextLong(keySpace));
                    }
                  }));
        },
        PatternExpiry.churning());
  }

  static AccessPattern tickerJumps() {
    return new AccessPattern(
        "ticker-jumps",
        "With expireAfterWrite(10 min): " + JUMP_ROUNDS + " rounds of uniform reads over 2 * cacheSize keys, each "
            + "round cacheSize / 4 reads long and ending in a jump of 1 to 6 hours, which expires every entry at "
            + "once and moves the timer over all its levels.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          long keySpace = 2L * cacheSize;
          List<Phase> phases = new ArrayList<>();
          phases.add(Phase.putEach("fill", 0, cacheSize));
          for (int round = 0; round < JUMP_ROUNDS; round++) {
            SplittableRandom roundRandom = random.split();
            phases.add(new Phase("uniform reads", (long) OPERATIONS_PER_ENTRY * cacheSize / JUMP_ROUNDS,
                (index, sink) -> sink.accept(OperationKind.GET, roundRandom.nextLong(keySpace))));
            phases.add(advance("a jump", Duration.ofHours(1 + random.nextInt(6)).toNanos()));
          }
          return phases;
        },
        PatternExpiry.afterWrite(Duration.ofMinutes(10)));
  }

  /** A phase of one operation: the time moves on by {@code nanos}. */
  private static Phase advance(String name, long nanos) {
    return new Phase(name, 1, (index, sink) -> sink.accept(OperationKind.ADVANCE, nanos));
  }
}
