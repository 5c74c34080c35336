package io.github.clockpro.jcstress;

import io.github.clockpro.ClockProCache;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A lock-free lookup of a key present all along must find it while inserts grow the table under it.
 *
 * <p>The cache starts with a table of one slot and room for far more entries than the test inserts, so nothing
 * is evicted and every insert may double the table. Key 0 is present from the start. The writer inserts the
 * even keys 2 to 32: each shares key 0's bin until a growth splits it off, so growth relinks the very chain the
 * reader is walking. The reader looks key 0 up once per insert, so that its lookups spread over the writer's
 * growths. A lookup that misses key 0, or finds another value, is what the table's growth check (a reader that
 * misses during growth looks again) exists to prevent.
 *
 * <p>Result: lookups that found key 0's value, lookups that found nothing, and the keys present at the end.
 */
@JCStressTest
@Outcome(id = "16, 0, 17", expect = Expect.ACCEPTABLE,
    desc = "Every lookup found key 0's value; every key is present at the end.")
@Outcome(expect = Expect.FORBIDDEN, desc = "A lookup missed key 0 or saw another value, or a key was lost.")
@State
public class ReadDuringGrowth {

  private static final int INSERTS = 16;

  private final ClockProCache<Integer, Payload> cache = ClockProCache.builder()
      .maximumSize(64)
      .initialCapacity(1)
      .build();
  private final Payload present = new Payload("present");

  public ReadDuringGrowth() {
    cache.put(0, present);
  }

  @Actor
  public void writer() {
    for (int insert = 1; insert <= INSERTS; insert++) {
      cache.put(2 * insert, new Payload("inserted"));
    }
  }

  @Actor
  public void reader(III_Result result) {
    int found = 0;
    int missing = 0;
    for (int lookup = 0; lookup < INSERTS; lookup++) {
      Payload value = cache.getIfPresent(0);
      if (value == present) {
        found++;
      } else if (value == null) {
        missing++;
      }
    }
    result.r1 = found;
    result.r2 = missing;
  }

  @Arbiter
  public void atEnd(III_Result result) {
    int keys = cache.getIfPresent(0) == present ? 1 : 0;
    for (int insert = 1; insert <= INSERTS; insert++) {
      if (cache.getIfPresent(2 * insert) != null) {
        keys++;
      }
    }
    result.r3 = keys;
  }
}
