package io.github.clockpro.adversarial;

import java.util.List;

/**
 * Fill, remove most entries, refill, read everything once, insert: the pattern that makes a clock without a
 * scan bound sweep nearly the whole cache in one insert.
 *
 * <p>After the refill the few surviving old entries and the many new ones are all referenced. A clock whose
 * hand clears one reference bit per step, and evicts only an entry whose bit is clear, must pass over every
 * resident entry before it finds a victim.
 */
final class RefillPattern {

  /** One entry in this many survives the removal. */
  private static final int SURVIVOR_INTERVAL = 100;
  /** The final inserts, as a fraction of the cache size. */
  private static final int INSERTS_DIVISOR = 100;

  private RefillPattern() {}

  static AccessPattern create() {
    return new AccessPattern(
        "refill",
        "Puts cacheSize keys, invalidates 99% of them, puts new keys until the cache is full again, reads "
            + "every resident key once, then inserts cacheSize / 100 new keys. Every resident entry is referenced "
            + "when the first insert needs a victim: an unbounded hand sweeps the whole cache.",
        KeyShape.PLAIN,
        (cacheSize, random) -> {
          long survivors = (cacheSize + SURVIVOR_INTERVAL - 1) / SURVIVOR_INTERVAL;
          long removed = cacheSize - survivors;
          int perBlock = SURVIVOR_INTERVAL - 1;
          return List.of(
              Phase.putEach("fill", 0, cacheSize),
              new Phase("remove most", removed, (index, sink) -> sink.accept(OperationKind.INVALIDATE,
                  index / perBlock * SURVIVOR_INTERVAL + index % perBlock + 1)),
              Phase.putEach("refill", Keys.region(1, 0), removed),
              new Phase("read survivors", survivors,
                  (index, sink) -> sink.accept(OperationKind.GET, index * SURVIVOR_INTERVAL)),
              Phase.readEach("read refilled", Keys.region(1, 0), removed),
              Phase.putEach("insert", Keys.region(2, 0), Math.max(1, cacheSize / INSERTS_DIVISOR)));
        });
  }
}
