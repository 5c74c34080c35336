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
 * <p>Cost: {@link #FRAMES} calls and their spills per structural change, a few tens of nanoseconds; hits and
 * writes to present keys never check.
 */
final class Headroom {

  /** The frames the probe descends. */
  static final int FRAMES = 32;
  /** Longs each frame holds live across its call. */
  static final int LIVE_LONGS = 6;

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
    long first = seed * 0x9E3779B97F4A7C15L;
    long second = first ^ (first >>> 29);
    long third = second * 31 + frames;
    long fourth = third ^ (third >>> 17);
    long fifth = fourth * 0xBF58476D1CE4E5B9L;
    long sixth = fifth ^ (fifth >>> 31);
    long below = descend(frames - 1, sixth);
    return below + first + second + third + fourth + fifth + sixth;
  }
}
