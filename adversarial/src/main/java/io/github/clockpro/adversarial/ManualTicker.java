package io.github.clockpro.adversarial;

import io.github.clockpro.Ticker;

/** The time of one run, moved only by the pattern's {@link OperationKind#ADVANCE} operations. */
final class ManualTicker implements Ticker {

  private long time;

  @Override
  public long read() {
    return time;
  }

  void advance(long nanos) {
    time += nanos;
  }
}
