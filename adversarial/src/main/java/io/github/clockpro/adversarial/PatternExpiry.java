package io.github.clockpro.adversarial;

import io.github.clockpro.CacheBuilder;
import io.github.clockpro.Expiry;
import io.github.clockpro.peers.Expiration;
import io.github.clockpro.peers.PeerSettings;
import java.time.Duration;

/**
 * The expiry an expiring pattern builds its cache with: a fixed lifetime after write, or a churning per-entry
 * {@link Expiry}. Time is a manual ticker that the pattern moves with {@link OperationKind#ADVANCE}.
 *
 * @param variable whether lifetimes come from {@link #CHURNING} instead of a fixed lifetime
 * @param lifetime the fixed lifetime after write, when not churning
 */
record PatternExpiry(boolean variable, Duration lifetime) {

  /** A fixed lifetime after each write. */
  static PatternExpiry afterWrite(Duration lifetime) {
    return new PatternExpiry(false, lifetime);
  }

  /** Lifetimes from {@link #CHURNING}. */
  static PatternExpiry churning() {
    return new PatternExpiry(true, Duration.ZERO);
  }

  /** The step of {@link #CHURNING}'s lifetimes: 250 ms, so that 16 steps span four seconds. */
  private static final long STEP = Duration.ofMillis(250).toNanos();

  /**
   * Lifetimes that churn with the key and the time: a new entry lives 1 to 16 steps by its key; an update takes
   * 0 to 15 steps by the key and the time of the update (0 expires it at once); a read halves the remaining
   * lifetime for one key in three, sets it to 8 steps for another, and keeps it for the rest. So deadlines move
   * both ways, and an entry's timer slot is often not its deadline.
   */
  static final Expiry<Object, Object> CHURNING = new Expiry<>() {
    @Override
    public long expireAfterCreate(Object key, Object value, long currentTime) {
      return (1 + Math.floorMod(key.hashCode(), 16)) * STEP;
    }

    @Override
    public long expireAfterUpdate(Object key, Object value, long currentTime, long currentDuration) {
      return Math.floorMod(key.hashCode() ^ (currentTime >>> 20), 16) * STEP;
    }

    @Override
    public long expireAfterRead(Object key, Object value, long currentTime, long currentDuration) {
      return switch (Math.floorMod(key.hashCode(), 3)) {
        case 0 -> currentDuration / 2;
        case 1 -> 8 * STEP;
        default -> currentDuration;
      };
    }
  };

  /** Configures a peer's settings with this expiry. */
  PeerSettings configure(PeerSettings settings) {
    return variable ? settings.withExpiry(CHURNING) : settings.withExpiration(Expiration.AFTER_WRITE, lifetime);
  }

  /** Configures a clockpro builder with this expiry. */
  CacheBuilder<Object, Object> configure(CacheBuilder<Object, Object> builder) {
    return variable ? builder.expireAfter(CHURNING) : builder.expireAfterWrite(lifetime);
  }

  @Override
  public String toString() {
    return variable ? "a churning Expiry" : "expireAfterWrite(" + lifetime + ")";
  }
}
