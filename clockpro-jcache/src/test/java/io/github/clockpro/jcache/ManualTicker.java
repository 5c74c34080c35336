package io.github.clockpro.jcache;

import io.github.clockpro.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A ticker that tests move by hand. */
final class ManualTicker implements Ticker {

  private final AtomicLong nanos = new AtomicLong();

  @Override
  public long read() {
    return nanos.get();
  }

  void advance(Duration duration) {
    nanos.addAndGet(duration.toNanos());
  }
}
