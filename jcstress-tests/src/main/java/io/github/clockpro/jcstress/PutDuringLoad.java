package io.github.clockpro.jcstress;

import io.github.clockpro.ClockProCache;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ILL_Result;

/**
 * A put racing a load of the same key is never lost. The contract of {@code ClockProCache}: "a put of the key
 * meanwhile stores its value, which the load then returns instead of its own". So whichever comes first, the
 * put's value is the one cached at the end; the load returns its own value only if it finished before the put,
 * and the put's value otherwise. The loader counts its runs, which tells a put during the load (the loader ran,
 * and its value was dropped) from a put before it (the get was a hit and ran no loader).
 *
 * <p>Result: how many times the loader ran, what the load returned, and the value at the end.
 */
@JCStressTest
@Outcome(id = "1, loaded, put", expect = Expect.ACCEPTABLE,
    desc = "The load finished first; the put then replaced its value.")
@Outcome(id = "1, put, put", expect = Expect.ACCEPTABLE_INTERESTING,
    desc = "The put came while the load was in flight: it filled the placeholder, and the load returned its value.")
@Outcome(id = "0, put, put", expect = Expect.ACCEPTABLE,
    desc = "The put came first: the get was a hit and ran no loader.")
@Outcome(expect = Expect.FORBIDDEN,
    desc = "The load's value overwrote the put's, a value was seen half constructed, or the placeholder leaked.")
@State
public class PutDuringLoad {

  private final ClockProCache<Integer, Object> cache = ClockProCache.builder().maximumSize(16).build();
  /** Runs of the loader; written only by the loading actor, read by the arbiter after both actors. */
  private int loads;

  private Object load(Integer key) {
    loads++;
    return new Payload("loaded");
  }

  @Actor
  public void loader(ILL_Result result) {
    result.r2 = Payload.describe(cache.get(1, this::load));
  }

  @Actor
  public void putter() {
    cache.put(1, new Payload("put"));
  }

  @Arbiter
  public void atEnd(ILL_Result result) {
    result.r1 = loads;
    result.r3 = Payload.describe(cache.getIfPresent(1));
  }
}
