package io.github.clockpro.redis;

/**
 * The registration of a read in flight for one key: the connection it is sent through and that connection's fill
 * epoch when it was registered. Compared by reference: a reader stores its value only if its own token is still
 * the key's current one (see {@link RedisNearCache}'s design).
 */
final class FillToken {

  private final TrackedConnection<?, ?> connection;
  private final long epoch;

  FillToken(TrackedConnection<?, ?> connection, long epoch) {
    this.connection = connection;
    this.epoch = epoch;
  }

  TrackedConnection<?, ?> connection() {
    return connection;
  }

  long epoch() {
    return epoch;
  }
}
