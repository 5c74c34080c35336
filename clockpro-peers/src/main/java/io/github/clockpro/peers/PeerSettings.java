package io.github.clockpro.peers;

import io.github.clockpro.Expiry;
import io.github.clockpro.Ticker;
import java.time.Duration;
import java.util.Objects;

/**
 * How to build a cache for a measurement, in the terms every library shares: the bound, the expiry, the time
 * source, and whether the cache is built for a deterministic replay on one thread. Each adapter translates these
 * into its library's builder calls, so a measurement names what it wants once for all of them.
 *
 * <p>Immutable: each {@code with} method returns a copy with one setting changed.
 */
public final class PeerSettings {

  private final int maximumSize;
  private final Bound bound;
  private final Expiration expiration;
  private final Duration lifetime;
  private final Expiry<Object, Object> expiry;
  private final Ticker ticker;
  private final boolean replay;
  private final boolean recordingStats;

  private PeerSettings(int maximumSize, Bound bound, Expiration expiration, Duration lifetime,
      Expiry<Object, Object> expiry, Ticker ticker, boolean replay, boolean recordingStats) {
    this.maximumSize = maximumSize;
    this.bound = bound;
    this.expiration = expiration;
    this.lifetime = lifetime;
    this.expiry = expiry;
    this.ticker = ticker;
    this.replay = replay;
    this.recordingStats = recordingStats;
  }

  /**
   * Returns the settings of a cache bounded to {@code maximumSize} entries, without expiry, on the system ticker,
   * as a concurrent application would build it.
   *
   * @throws IllegalArgumentException if {@code maximumSize} is below 1
   */
  public static PeerSettings maximumSize(int maximumSize) {
    if (maximumSize < 1) {
      throw new IllegalArgumentException("maximumSize must be at least 1 but was " + maximumSize);
    }
    return new PeerSettings(maximumSize, Bound.SIZE, Expiration.NONE, Expiration.LIFETIME, null, null, false,
        false);
  }

  /** Bounds the cache by the bound: by entries, or by a weight of 1 per entry up to the same maximum. */
  public PeerSettings withBound(Bound bound) {
    Objects.requireNonNull(bound, "bound");
    return new PeerSettings(maximumSize, bound, expiration, lifetime, expiry, ticker, replay, recordingStats);
  }

  /** Expires entries as the expiration says, after {@link Expiration#LIFETIME}. */
  public PeerSettings withExpiration(Expiration expiration) {
    return withExpiration(expiration, Expiration.LIFETIME);
  }

  /**
   * Expires entries as the expiration says, after the lifetime.
   *
   * @throws IllegalArgumentException if the lifetime is not positive
   */
  public PeerSettings withExpiration(Expiration expiration, Duration lifetime) {
    Objects.requireNonNull(expiration, "expiration");
    Objects.requireNonNull(lifetime, "lifetime");
    if (lifetime.isNegative() || lifetime.isZero()) {
      throw new IllegalArgumentException("lifetime must be positive but was " + lifetime);
    }
    return new PeerSettings(maximumSize, bound, expiration, lifetime, null, ticker, replay, recordingStats);
  }

  /** Expires each entry when the expiry says, instead of after a fixed lifetime. */
  public PeerSettings withExpiry(Expiry<Object, Object> expiry) {
    Objects.requireNonNull(expiry, "expiry");
    return new PeerSettings(maximumSize, bound, Expiration.NONE, lifetime, expiry, ticker, replay, recordingStats);
  }

  /** Reads time from the ticker instead of the system's. */
  public PeerSettings withTicker(Ticker ticker) {
    Objects.requireNonNull(ticker, "ticker");
    return new PeerSettings(maximumSize, bound, expiration, lifetime, expiry, ticker, replay, recordingStats);
  }

  /**
   * Builds the cache for a deterministic replay on one thread: clockpro without expiry has a fixed seed, Caffeine
   * runs its maintenance on the calling thread, and cache2k evicts strictly.
   */
  public PeerSettings forReplay() {
    return new PeerSettings(maximumSize, bound, expiration, lifetime, expiry, ticker, true, recordingStats);
  }

  /** Makes Caffeine record statistics, for {@link LibraryCache#evictionWork()}; the others always count. */
  public PeerSettings recordingStats() {
    return new PeerSettings(maximumSize, bound, expiration, lifetime, expiry, ticker, replay, true);
  }

  int maximumSize() {
    return maximumSize;
  }

  Bound bound() {
    return bound;
  }

  Expiration expiration() {
    return expiration;
  }

  Duration lifetime() {
    return lifetime;
  }

  /** The per-entry expiry, or {@code null} for none. */
  Expiry<Object, Object> expiry() {
    return expiry;
  }

  /** The ticker, or {@code null} for the system's. */
  Ticker ticker() {
    return ticker;
  }

  boolean replay() {
    return replay;
  }

  boolean isRecordingStats() {
    return recordingStats;
  }

  /** Whether entries expire at all. */
  boolean expires() {
    return expiry != null || expiration != Expiration.NONE;
  }
}
