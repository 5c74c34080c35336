package io.github.clockpro;

import io.github.clockpro.model.ExpiryModel;
import io.github.clockpro.model.ExpiryModel.Kind;
import java.time.Duration;

/**
 * The expiry of a sequence's cache: none, after write, after access, or per entry through {@link #CHURNING},
 * and the ticker's start.
 *
 * @param kind the kind of expiry, or {@code null} for a cache without expiry
 * @param lifetime the fixed lifetime, for after write and after access
 * @param start the ticker's first reading; only differences matter, so a start near {@code Long.MAX_VALUE}
 *     makes the time wrap around within a sequence
 */
record ExpirySetting(Kind kind, Duration lifetime, long start) {

  static final ExpirySetting NONE = new ExpirySetting(null, Duration.ZERO, 0);

  /** The lifetimes {@link #CHURNING} picks from, by the value's serial. */
  private static final Duration[] LIFETIMES = {Duration.ZERO, Duration.ofMillis(300), Duration.ofSeconds(1),
      Duration.ofSeconds(3), Duration.ofMinutes(1), Duration.ofHours(2)};

  /**
   * A per-entry expiry whose lifetimes churn: a new entry's lifetime comes from its value (0 to two hours, 0
   * expiring it at once); an update keeps the remaining lifetime for one value in three and takes the new
   * value's otherwise; a read halves the remaining lifetime for one key-and-value pair in four, resets it to
   * three seconds for another, and keeps it for the rest. Halving brings a deadline forward, which the cache's
   * timer learns only when it reaches the entry (docs/design.md, "Where expiry departs from Caffeine").
   */
  static final Expiry<Key, Value> CHURNING = new Expiry<>() {
    @Override
    public long expireAfterCreate(Key key, Value value, long currentTime) {
      return lifetimeOf(value);
    }

    @Override
    public long expireAfterUpdate(Key key, Value value, long currentTime, long currentDuration) {
      return value.serial() % 3 == 0 ? currentDuration : lifetimeOf(value);
    }

    @Override
    public long expireAfterRead(Key key, Value value, long currentTime, long currentDuration) {
      return switch ((key.id() + value.serial()) % 4) {
        case 0 -> currentDuration / 2;
        case 1 -> Duration.ofSeconds(3).toNanos();
        default -> currentDuration;
      };
    }

    private long lifetimeOf(Value value) {
      return LIFETIMES[value.serial() % LIFETIMES.length].toNanos();
    }
  };

  boolean expires() {
    return kind != null;
  }

  /** The builder with this expiry and the ticker, typed for the properties' keys and values. */
  CacheBuilder<Key, Value> configure(CacheBuilder<Key, Value> builder, Ticker ticker) {
    if (kind == null) {
      return builder;
    }
    builder.ticker(ticker);
    return switch (kind) {
      case AFTER_WRITE -> builder.expireAfterWrite(lifetime);
      case AFTER_ACCESS -> builder.expireAfterAccess(lifetime);
      case VARIABLE -> builder.expireAfter(CHURNING);
    };
  }

  /** A model of this expiry's deadlines, or {@code null} without expiry. */
  ExpiryModel<Key, Value> newModel() {
    return kind == null ? null : new ExpiryModel<>(kind, lifetime.toNanos(), CHURNING, start);
  }

  @Override
  public String toString() {
    if (kind == null) {
      return "no expiry";
    }
    String what = switch (kind) {
      case AFTER_WRITE -> "expireAfterWrite(" + lifetime + ")";
      case AFTER_ACCESS -> "expireAfterAccess(" + lifetime + ")";
      case VARIABLE -> "a churning Expiry";
    };
    return what + ", ticker from " + start;
  }
}
