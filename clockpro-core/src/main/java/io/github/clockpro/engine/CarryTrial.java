package io.github.clockpro.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

/**
 * Decides whether the cache's hot hand may carry references over, by replaying a sample of the cache's
 * accesses through two small copies of the policy: one whose hot hand carries as its regrets allow, and one whose
 * hot hand never carries. The cache carries while the carrying copy has had more hits lately.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #recordHit} and {@link #recordInsert} may be called from any thread, without the cache's eviction
 *       lock. A call whose key is not sampled returns at once (after, for an insert, the pending samples).
 *   <li>{@link #recordHit} takes no lock and allocates nothing: a sampled hit whose key both copies hold
 *       references it in both, as a hit in the cache does; any other sampled hit is written to a small buffer of
 *       pending samples, overwriting the oldest if it is full.
 *   <li>{@link #recordInsert} replays the pending samples, then the inserted key if it is sampled, if it can take
 *       the trial's lock at once; a call that finds the trial busy drops its own sample, so no call ever waits.
 *   <li>{@link #carries()} may be read from any thread; the cache's policy reads it under the eviction lock.
 *   <li>Called on one thread, the trial is deterministic: the same calls give the same answers.
 *   <li>One call of {@link #recordInsert} replays at most {@code PENDING_SAMPLES + 1} samples, each examining at
 *       most {@code 2 * scanLimit} entries in the two copies together.
 * </ul>
 *
 * <h2>Design</h2>
 * Carrying references helps where popularity is stationary and hurts where it drifts: there, a page pays for its
 * carry for a while before its popularity has moved on, and carrying keeps yesterday's keys hot. The harm builds
 * up over many revolutions of the hot hand, so an experiment that switches the cache's own policy between the two
 * for a while and compares its hit rates measures the wrong thing: over a period or two, carrying looks better on
 * a drifting workload too (see docs/decisions.md). Both settings must run at once, each for as long as the
 * workload lasts. Running them at full size would triple the cache's policy work and memory, so they run on a
 * sample: the keys whose hash falls into a fixed fraction of the hash space, one in {@code 2^samplingShift},
 * through copies of the policy scaled down by the same factor. Such a miniature simulation keeps the shape of the
 * full-size cache's miss ratio, because it sees every access to the keys it samples (Waldspurger and others,
 * "Cache Modeling and Optimization using Miniature Simulations", USENIX ATC 2017). CPU caches choose between
 * replacement policies the same way, with a few sampled sets per policy ("set dueling").
 *
 * <p>The copies are {@link ClockProPolicy} itself, over nodes that carry only a key hash ({@link TrialCopy}), so
 * two sampled keys whose hashes collide count as one there. A copy's history has no far history
 * ({@link FarHistory}): in copies of a few hundred entries it turned the verdict on a stationary skewed workload at
 * 1,000 entries, where carrying pays, from carrying in 81% of the periods to 42% (docs/decisions.md); the floor
 * trial's copies follow the same rule. The copies are at least {@link #MINIMUM_COPY_SIZE} entries where the cache
 * is large enough; a smaller copy follows the full-size cache less well. A cache too small for that samples one
 * key in {@code 2^MINIMUM_SAMPLING_SHIFT}, so that the hits never pay for the trial on more than a quarter of the
 * keys.
 *
 * <p>The score is the carrying copy's hits minus the other copy's. Each period of as many counted samples as a
 * copy has entries, the trial sets {@link #carries} from the sign of the score, then keeps nine tenths of it, so
 * that old evidence fades over some tens of periods. It starts not carrying, as the carry limit starts at 0. A
 * sample whose key both copies hold cannot move the score, so it is not counted: it only references the key in
 * both copies, and it does so without the lock. That keeps a popular sampled key, which both copies usually hold,
 * from making every one of its hits take the lock; once the two nodes' counters saturate, its hits write nothing.
 * A sampled hit that one copy misses needs an insert there, which takes the lock and allocates a node; the hit
 * path does neither, so it leaves the hash in {@link #pending} ({@link PendingSamples}), and the next insert into
 * the cache, which takes a lock and allocates anyway, replays it.
 *
 * <p>Memory grows with use: each copy's table starts small and doubles as the copy fills (see {@link TrialCopy}),
 * and its history grows as the cache's does, so an empty cache pays for neither copy by its maximum size.
 *
 * <p>Fields: {@link #carries} is written under {@link #lock} and read by the cache's policy under the eviction
 * lock, a different lock, so it is volatile. Everything else that changes is guarded by {@link #lock}, except the
 * copies' tables, which are read without it as the cache's table is (one writer, holding {@link #lock}), and
 * their nodes' racy reference counters, and {@link #pending}, which hits write without it (see
 * {@link PendingSamples}). The lock is
 * only ever tried, never waited for, so a thread that holds the eviction lock may try it without any risk of
 * deadlock.
 */
final class CarryTrial {

  /** The smallest copy size the sampling aims for. */
  static final int MINIMUM_COPY_SIZE = 512;
  /** At most one key in {@code 2^2} is sampled. */
  static final int MINIMUM_SAMPLING_SHIFT = 2;
  /** At least one key in {@code 2^10} is sampled. */
  static final int MAXIMUM_SAMPLING_SHIFT = 10;
  /**
   * Added to a key hash before sampling, so that the hash 0, which the keys {@code 0}, {@code 0L}, {@code ""} and
   * {@code false} share and which is often a workload's most popular, is not sampled at any shift.
   */
  private static final int SAMPLING_OFFSET = 0x3C6EF372;
  /** Spreads a key hash before sampling, so that keys with regular hash codes are sampled evenly. */
  private static final int SAMPLING_MULTIPLIER = 0x9E3779B9;

  private final int samplingShift;
  /** {@code Integer.SIZE - samplingShift}: the scrambled hash of a sampled key is below {@code 1 << this}. */
  private final int sampledBits;
  /** Samples per period: a copy's maximum. Guarded by {@link #lock}. */
  private int period;
  private final TrialCopy carrying;
  private final TrialCopy notCarrying;
  private final ReentrantLock lock = new ReentrantLock();
  /** Sampled hits that not both copies hold, for the next insert to replay. */
  private final PendingSamples pending = new PendingSamples();
  /** {@link #record}, made once: the drain of pending samples must not allocate a lambda per insert. */
  private final IntConsumer replay = this::record;

  /** Guarded by {@link #lock}: the carrying copy's hits minus the other copy's, fading each period. */
  private int score;
  /** Guarded by {@link #lock}: samples recorded in the current period. */
  private int samplesInPeriod;
  /** Written under {@link #lock}; read without it. */
  private volatile boolean carries;
  /**
   * @param maximumSize the cache's maximum size
   * @param scanLimit the cache's scan limit, which the copies share
   * @param seed randomises the layout of the copies' history tables
   */
  CarryTrial(int maximumSize, int scanLimit, int seed) {
    this.samplingShift = samplingShift(maximumSize);
    this.sampledBits = Integer.SIZE - samplingShift;
    int copySize = Math.max(1, maximumSize >>> samplingShift);
    this.period = copySize;
    this.carrying = new TrialCopy(new ClockProPolicy<>(copySize, scanLimit, seed, () -> true));
    this.notCarrying = new TrialCopy(new ClockProPolicy<>(copySize, scanLimit, seed + 1, () -> false));
  }

  /**
   * The sampling shift for a cache of this size: the largest from {@link #MINIMUM_SAMPLING_SHIFT} to
   * {@link #MAXIMUM_SAMPLING_SHIFT} that leaves copies of at least {@link #MINIMUM_COPY_SIZE} entries, or the
   * smallest if none does.
   */
  static int samplingShift(int maximumSize) {
    int shift = MAXIMUM_SAMPLING_SHIFT;
    while (shift > MINIMUM_SAMPLING_SHIFT && (maximumSize >>> shift) < MINIMUM_COPY_SIZE) {
      shift--;
    }
    return shift;
  }

  /**
   * Whether the trial samples keys with this hash. An access to a sampled key does more work than another, more
   * still when not both copies hold it and it tries the trial's lock; the offset keeps the most common popular
   * hash, 0, out of the sample.
   */
  boolean isSampled(int hash) {
    return ((hash + SAMPLING_OFFSET) * SAMPLING_MULTIPLIER) >>> sampledBits == 0;
  }

  /** Whether the hot hand may carry references now. */
  boolean carries() {
    return carries;
  }

  /**
   * Records a reference to a resident key (a hit, or a write to a present key); takes no lock and allocates
   * nothing.
   */
  void recordHit(int hash) {
    if (!isSampled(hash)) {
      return;
    }
    if (referenceInBothCopies(hash)) {
      return;
    }
    pending.offer(hash);
  }

  /**
   * Records the insertion of a key that was not resident, after replaying the pending samples of hits; drops
   * both if another thread is recording.
   */
  void recordInsert(int hash) {
    boolean sampled = isSampled(hash);
    if (!sampled && !pending.mayHoldSamples()) {
      return; // a racy read: at worst a pending sample waits for a later insert
    }
    if (!lock.tryLock()) {
      return; // another thread is recording a sample: drop this one rather than wait
    }
    try {
      pending.drain(replay);
      if (sampled) {
        record(hash);
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * The sum of the reference counters of this hash's nodes in the two copies, or -1 if not both hold it; for tests.
   */
  int referencesInBothCopies(int hash) {
    Node<Object, Object> inCarrying = carrying.find(hash);
    Node<Object, Object> inNotCarrying = notCarrying.find(hash);
    return inCarrying == null || inNotCarrying == null ? -1 : inCarrying.referenceCount + inNotCarrying.referenceCount;
  }

  /**
   * Follows the cache's new maximum size: each copy's maximum becomes its share of it, at the same sampling shift,
   * and so does the period. A copy made smaller evicts its excess over its next admissions; a larger one allocates
   * nothing until it fills (see {@link TrialCopy}). Waits for the trial's lock, which its holders never hold while
   * waiting for anything; the caller holds no lock.
   */
  void setMaximum(int maximumSize) {
    int copySize = Math.max(1, maximumSize >>> samplingShift);
    lock.lock();
    try {
      period = copySize;
      carrying.policy().setMaximum(copySize);
      notCarrying.policy().setMaximum(copySize);
    } finally {
      lock.unlock();
    }
  }

  /** Runs {@code action} while holding the trial's lock, as a sample in progress would; for tests. */
  void whileLocked(Runnable action) {
    lock.lock();
    try {
      action.run();
    } finally {
      lock.unlock();
    }
  }

  /** The number of entries each copy holds at most; for tests. */
  int copySize() {
    return period;
  }

  int samplingShift() {
    return samplingShift;
  }

  /**
   * Checks both copies as {@link Invariants} checks the cache, each violation prefixed with the copy's name;
   * waits for a sample in progress.
   */
  List<String> checkInvariants() {
    lock.lock();
    try {
      List<String> violations = new ArrayList<>();
      carrying.check("carrying copy: ", violations);
      notCarrying.check("copy not carrying: ", violations);
      return violations;
    } finally {
      lock.unlock();
    }
  }

  /**
   * References the hash in both copies if both hold it, without a lock: such a sample would not change the score,
   * and does not count towards a period. Returns whether it did.
   */
  private boolean referenceInBothCopies(int hash) {
    Node<Object, Object> inCarrying = carrying.find(hash);
    Node<Object, Object> inNotCarrying = notCarrying.find(hash);
    if (inCarrying == null || inNotCarrying == null) {
      return false;
    }
    inCarrying.recordAccess();
    inNotCarrying.recordAccess();
    return true;
  }

  /** Replays one sample through both copies; the caller holds {@link #lock}. */
  private void record(int hash) {
    if (referenceInBothCopies(hash)) {
      return;
    }
    if (carrying.access(hash)) {
      score++;
    }
    if (notCarrying.access(hash)) {
      score--;
    }
    if (++samplesInPeriod == period) {
      samplesInPeriod = 0;
      carries = score > 0;
      score -= score / 10;
    }
  }
}
