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
 * A hit racing the removal of its key sees the value or nothing, and once both are done the key is absent, to
 * {@code getIfPresent} and to the {@code asMap()} view alike. A removal unmaps the entry under the eviction
 * lock while the hit takes no lock: a reader that found the entry just before it left may still return its
 * value, which is a linearizable answer, but never anything else.
 *
 * <p>Result: what the hit returned, and what {@code getIfPresent} and {@code asMap().get} return at the end.
 */
@JCStressTest
@Outcome(id = "present, null, null", expect = Expect.ACCEPTABLE, desc = "The hit came before the removal.")
@Outcome(id = "null, null, null", expect = Expect.ACCEPTABLE, desc = "The hit came after the removal.")
@Outcome(expect = Expect.FORBIDDEN, desc = "The hit saw another value, or the key outlived its removal.")
@State
public class HitDuringRemoval {

  private final ClockProCache<Integer, Payload> cache = ClockProCache.builder().maximumSize(16).build();

  public HitDuringRemoval() {
    cache.put(1, new Payload("present"));
  }

  @Actor
  public void remover() {
    cache.invalidate(1);
  }

  @Actor
  public void reader(LLL_Result result) {
    result.r1 = Payload.describe(cache.getIfPresent(1));
  }

  @Arbiter
  public void atEnd(LLL_Result result) {
    result.r2 = Payload.describe(cache.getIfPresent(1));
    result.r3 = Payload.describe(cache.asMap().get(1));
  }
}
