package io.github.clockpro.differential;

import java.time.Duration;

/**
 * One hand-moved clock for both caches of a differential run: a clockpro {@link io.github.clockpro.Ticker} and a
 * Caffeine {@link com.github.benmanes.caffeine.cache.Ticker} at once, so that both read the same time at every step.
 * Single-threaded: the sequences read and move it on one thread.
 */
final class SharedTicker implements io.github.clockpro.Ticker, com.github.benmanes.caffeine.cache.Ticker {

  private long time;

  SharedTicker(long start) {
    this.time = start;
  }

  @Override
  public long read() {
    return time;
  }

  void advance(Duration duration) {
    time += duration.toNanos();
  }
}
