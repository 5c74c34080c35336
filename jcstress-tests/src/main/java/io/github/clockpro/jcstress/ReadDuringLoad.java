package io.github.clockpro.jcstress;

import io.github.clockpro.ClockProCache;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LLL_Result;

/**
 * A lock-free hit racing a load of the same key sees the key absent or the loaded value whole, never the load
 * in flight. While the load runs, the cache's table maps the key to a placeholder whose value is the load's
 * future; {@code getIfPresent} must treat it as absent, and once the load fills it, must see the value with
 * every field the loader wrote (see {@link Payload}). The cache's value type is {@code Object} so that a leaked
 * future shows as an outcome ("foreign" and its class) rather than as a {@code ClassCastException}.
 *
 * <p>Result: what the load returned, what the hit returned, and the value at the end.
 */
@JCStressTest
@Outcome(id = "loaded, null, loaded", expect = Expect.ACCEPTABLE,
    desc = "The hit came before the load filled its placeholder, and saw the key absent.")
@Outcome(id = "loaded, loaded, loaded", expect = Expect.ACCEPTABLE,
    desc = "The hit came after the fill, and saw the value whole.")
@Outcome(expect = Expect.FORBIDDEN,
    desc = "The hit saw the load in flight or a value half constructed, or the load's value was lost.")
@State
public class ReadDuringLoad {

  private final ClockProCache<Integer, Object> cache = ClockProCache.builder().maximumSize(16).build();

  @Actor
  public void loader(LLL_Result result) {
    result.r1 = Payload.describe(cache.get(1, key -> new Payload("loaded")));
  }

  @Actor
  public void reader(LLL_Result result) {
    result.r2 = Payload.describe(cache.getIfPresent(1));
  }

  @Arbiter
  public void atEnd(LLL_Result result) {
    result.r3 = Payload.describe(cache.getIfPresent(1));
  }
}
