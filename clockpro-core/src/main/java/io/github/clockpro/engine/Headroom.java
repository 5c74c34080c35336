package io.github.clockpro.engine;

/**
 * Makes sure the calling thread has stack to spare before it starts a change that must not stop halfway: an
 * insert, a removal, a load's bookkeeping.
 *
 * <h2>Why</h2>
 * A {@link StackOverflowError} strikes whichever call first finds the stack too short, in the middle of whatever
 * its caller was doing. Inside the eviction lock's critical section that would leave the rings, the history or
 * the table half changed; on a load's failure path, a Load never completed. Java offers no way to ask how much
 * stack is left, and the JDK's own remedy (a reserved stack zone for annotated methods) is internal. So
 * {@link #check()} spends the stack first: it descends {@link #FRAMES} frames, each holding
 * {@link #LIVE_LONGS} longs live across its call, so that neither interpreted nor compiled frames are small,
 * and returns. If the stack is too short, the error strikes there, before anything has changed; if not, every
 * call of the change that follows, each shallower than the probe went, finds its frame already available
 * (the JVM checks the stack at each call against the same limit, a fixed distance below the frame).
 *
 * <p>The depth is a margin, not a proof: it is several times the deepest chain of calls a structural change makes
 * below the point of the check (the lock, the policy's eviction, the history's growth, the carry trial's replay,
 * interpreted {@code VarHandle} calls included), and {@code StackOverflowTest} runs every operation at depths close
 * to overflow to hold it there. User code that runs inside a change (a key's {@code equals} in the table's
 * lookup) gets no guarantee, but runs before anything changes.
 *
 * <p>Cost: {@link #FRAMES} calls and their spills per structural change, checked once per operation; hits and
 * writes to present keys never check.
 */
final class Headroom {

  /** The frames the probe descends. */
  static final int FRAMES = 16;
  /** Longs each frame holds live across its call. */
  static final int LIVE_LONGS = 12;

  private Headroom() {}

  /** Throws {@link StackOverflowError} now if the stack is too short for a structural change; else returns. */
  static void check() {
    if (descend(FRAMES, FRAMES) == Long.MIN_VALUE) {
      Thread.onSpinWait(); // uses the result, so that the JIT keeps the calls
    }
  }

  private static long descend(int frames, long seed) {
    if (frames == 0) {
      return seed;
    }
    // Twelve values live across the call, which the JIT must keep in the frame (about 130 bytes on x86-64, as a
    // recursion to overflow on a known stack size measures). Each comes from the seed alone, so the processor
    // computes them side by side: a chain of values each needing the one before cost three times as much.
    // The odd ones are sums, the even ones exclusive ors: each pair below mixes the two, so none folds away.
    long v1 = seed + 1;
    long v3 = seed + 3;
    long v5 = seed + 5;
    long v7 = seed + 7;
    long v9 = seed + 9;
    long v11 = seed + 11;
    long v2 = seed ^ 2;
    long v4 = seed ^ 4;
    long v6 = seed ^ 6;
    long v8 = seed ^ 8;
    long v10 = seed ^ 10;
    long v12 = seed ^ 12;
    long below = descend(frames - 1, seed + frames);
    return below + ((v1 ^ v2) + (v3 ^ v4)) + ((v5 ^ v6) + (v7 ^ v8)) + ((v9 ^ v10) + (v11 ^ v12));
  }
}
