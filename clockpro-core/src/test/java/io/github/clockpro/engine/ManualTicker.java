package io.github.clockpro.engine;

import io.github.clockpro.Ticker;
import java.util.concurrent.atomic.AtomicLong;

/** A ticker the test moves by hand; thread-safe. */
final class ManualTicker implements Ticker {

  private final AtomicLong nanos;

  ManualTicker(long start) {
    nanos = new AtomicLong(start);
  }

  @Override
  public long read() {
    return nanos.get();
  }

  void set(long time) {
    nanos.set(time);
  }

  void advance(long delta) {
    nanos.addAndGet(delta);
  }
}
