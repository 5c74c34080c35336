package io.github.clockpro;

/**
 * A {@link Ticker} the test moves by hand. Single-threaded: the action sequences read and move it on one thread.
 */
final class ManualTicker implements Ticker {

  private long time;

  ManualTicker(long start) {
    this.time = start;
  }

  @Override
  public long read() {
    return time;
  }

  void set(long time) {
    this.time = time;
  }
}
