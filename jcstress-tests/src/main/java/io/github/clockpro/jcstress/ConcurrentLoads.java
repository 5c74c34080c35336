package io.github.clockpro.jcstress;

import io.github.clockpro.ClockProCache;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ILL_Result;

/**
 * Two callers of {@code get(key, loader)} for the same absent key share one load: the loader runs once, and
 * both return the same instance. The first caller maps a placeholder and runs the loader; the second finds the
 * placeholder and waits for it, or, if the load has finished, hits the value. A second run of the loader would
 * mean that both callers mapped a placeholder, which the eviction lock must prevent.
 *
 * <p>Result: how many times the loader ran, what the first caller returned, and whether the second returned
 * the same instance.
 */
@JCStressTest
@Outcome(id = "1, loaded, same", expect = Expect.ACCEPTABLE, desc = "One load, shared by both callers.")
@Outcome(expect = Expect.FORBIDDEN,
    desc = "The loader ran twice, the callers returned different values, or a value was seen half constructed.")
@State
public class ConcurrentLoads {

  private final ClockProCache<Integer, Object> cache = ClockProCache.builder().maximumSize(16).build();
  private final AtomicInteger loads = new AtomicInteger();
  /** What each caller returned; written by its actor, read by the arbiter after both actors. */
  private Object firstReturned;
  private Object secondReturned;

  private Object load(Integer key) {
    loads.incrementAndGet();
    return new Payload("loaded");
  }

  @Actor
  public void firstCaller() {
    firstReturned = cache.get(1, this::load);
  }

  @Actor
  public void secondCaller() {
    secondReturned = cache.get(1, this::load);
  }

  @Arbiter
  public void atEnd(ILL_Result result) {
    result.r1 = loads.get();
    result.r2 = Payload.describe(firstReturned);
    result.r3 = firstReturned == secondReturned ? "same" : "different";
  }
}
