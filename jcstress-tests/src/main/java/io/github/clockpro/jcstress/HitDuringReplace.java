package io.github.clockpro.jcstress;

import io.github.clockpro.ClockProCache;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LL_Result;

/**
 * A hit racing a put that replaces the value sees the old value or the new one, each whole, and never
 * {@code null}: a replace takes no lock but the entry's own, writes the value in place and never removes the
 * entry. The new value is constructed by the writing thread just before the put, so a reader that sees it sees
 * its plain field only through the cache's publication (see {@link Payload}).
 *
 * <p>Result: what the hit returned, and the value at the end.
 */
@JCStressTest
@Outcome(id = "old, new", expect = Expect.ACCEPTABLE, desc = "The hit came before the replace.")
@Outcome(id = "new, new", expect = Expect.ACCEPTABLE, desc = "The hit came after the replace, and saw the value whole.")
@Outcome(expect = Expect.FORBIDDEN,
    desc = "The hit missed, saw a value half constructed, or the replace was lost.")
@State
public class HitDuringReplace {

  private final ClockProCache<Integer, Payload> cache = ClockProCache.builder().maximumSize(16).build();

  public HitDuringReplace() {
    cache.put(1, new Payload("old"));
  }

  @Actor
  public void replacer() {
    cache.put(1, new Payload("new"));
  }

  @Actor
  public void reader(LL_Result result) {
    result.r1 = Payload.describe(cache.getIfPresent(1));
  }

  @Arbiter
  public void atEnd(LL_Result result) {
    result.r2 = Payload.describe(cache.getIfPresent(1));
  }
}
