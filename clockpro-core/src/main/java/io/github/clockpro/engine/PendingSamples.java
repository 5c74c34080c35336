package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntConsumer;

/**
 * Sampled hits that a trial could not replay at once, waiting for the next insert: a hit takes no lock and
 * allocates nothing, so it leaves its hash here, and the next insert into the cache, which takes a lock and
 * allocates anyway, replays it under the trials' lock.
 *
 * <p>A slot holds a hash, or 0 when empty (a trial never samples the hash 0). Under a burst of hits the buffer keeps
 * the latest {@link #SLOTS}: a sample lost that way is one the trial never sees, as one dropped for a busy lock is.
 *
 * <p>Fields: the slots are written by hits with release stores and emptied with atomic exchanges by the holder of
 * the trials' lock; {@link #cursor} is incremented by hits without a lock (a benign race: two hits may take one slot,
 * and one of their samples is lost); {@link #drainedCursor} is guarded by the trials' lock.
 */
final class PendingSamples {

  /** The samples the buffer holds; a power of two. */
  static final int SLOTS = 16;

  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(int[].class);

  static {
    // A VarHandle links each access mode at its first use, and linking allocates. The first use of this one
    // would be a hit's, and a hit must not allocate: link it here, when the class is loaded by a cache's making.
    SLOT.setRelease(new int[1], 0, 0);
  }

  private final int[] slots = new int[SLOTS];
  /** The slot the next sample goes to, modulo {@link #SLOTS}; see the class comment. */
  private int cursor;
  /** The value of {@link #cursor} at the last drain. */
  private int drainedCursor;

  /** Leaves a sampled hash for the next drain; takes no lock and allocates nothing. */
  void offer(int hash) {
    int next = cursor;
    cursor = next + 1;
    SLOT.setRelease(slots, next & (SLOTS - 1), hash);
  }

  /**
   * Whether a hit may have offered a sample since the last drain: a racy read, so at worst a pending sample waits
   * for a later insert.
   */
  boolean mayHoldSamples() {
    return cursor != drainedCursor;
  }

  /** Empties the buffer, passing each sample to {@code replay} in slot order; the caller holds the trials' lock. */
  void drain(IntConsumer replay) {
    drainedCursor = cursor;
    for (int slot = 0; slot < SLOTS; slot++) {
      // Most slots are empty: read before the atomic exchange, which would cost as much as a locked write each.
      if ((int) SLOT.getAcquire(slots, slot) != 0) {
        int hash = (int) SLOT.getAndSet(slots, slot, 0);
        if (hash != 0) {
          replay.accept(hash);
        }
      }
    }
  }
}
