package io.github.clockpro.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;

/**
 * Takes the policy's adaptive decisions that no single counter can, by replaying a sample of the cache's accesses
 * through small copies of the policy that differ in one setting each, side by side: whether the hot hand carries
 * references ({@link CarryTrial}) and the cold target's floor ({@link FloorTrial}). This class is the mechanism;
 * each decision is a {@link TrialVerdict} over copies of its own.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #recordHit} and {@link #recordInsert} may be called from any thread, without the cache's eviction
 *       lock. A call whose key is not sampled returns at once (after, for an insert, the pending samples).
 *   <li>{@link #recordHit} takes no lock and allocates nothing: a sampled hit whose key every copy holds references
 *       it in every copy, as a hit in the cache does; any other sampled hit is written to a small buffer of pending
 *       samples, overwriting the oldest if it is full.
 *   <li>{@link #recordInsert} replays the pending samples, then the inserted key if it is sampled, if it can take
 *       the lock at once; a call that finds the trials busy drops its own sample, so no call ever waits.
 *   <li>{@link #carries()} and {@link #floor()} may be read from any thread; the cache's policy reads them under the
 *       eviction lock.
 *   <li>Called on one thread, the trials are deterministic: the same calls give the same answers.
 *   <li>One call of {@link #recordInsert} replays at most {@code PendingSamples.SLOTS + 1} samples, each examining at
 *       most {@code copies * scanLimit} entries in the copies together.
 * </ul>
 *
 * <h2>Design</h2>
 * Running the settings at full size would multiply the cache's policy work and memory, so the copies run on a
 * sample: the keys whose scrambled hash falls into one part in {@code 2^samplingShift} of the hash space, through
 * copies of the policy scaled down by the same factor. Such a miniature simulation keeps the shape of the full-size
 * cache's miss ratio, because it sees every access to the keys it samples (Waldspurger and others, "Cache Modeling
 * and Optimization using Miniature Simulations", USENIX ATC 2017). CPU caches choose between replacement policies
 * the same way, with a few sampled sets per policy ("set dueling"). Every verdict sees the same sample, so a hit
 * makes one sample check, and an insert one call.
 *
 * <p>The copies are {@link ClockProPolicy} itself, over nodes that carry only a key hash ({@link TrialCopy}), so
 * two sampled keys whose hashes collide count as one there. They keep no far history ({@link FarHistory}): in copies
 * of a few hundred entries it turned the carry verdict against carrying on a stationary skewed workload where
 * carrying pays (docs/decisions.md, "The far history and the floor trial adopted"). The copies are at least
 * {@link #MINIMUM_COPY_SIZE} entries where the cache is large enough; a smaller copy follows the full-size cache less
 * well. A cache too small for that samples one key in {@code 2^MINIMUM_SAMPLING_SHIFT}, so that the hits never pay
 * for the trials on more than a quarter of the keys.
 *
 * <p>In a cache bounded by size the copies hold {@code maximumSize >>> samplingShift} entries. In a weighted cache
 * the maximum is a weight and the entry count is not known in advance, so the copies start sampling one key in
 * {@code 2^MINIMUM_SAMPLING_SHIFT} with {@link #MINIMUM_COPY_SIZE} entries and hold that share of the cache's
 * resident entry count, read at the end of each period and followed when it moves by more than a sixteenth; a copy
 * made smaller evicts its excess over its next admissions, at most {@link ClockProPolicy#MAXIMUM_EVICTIONS} each.
 * When the copies reach {@link #RESTART_GROWTH} times {@link #MINIMUM_COPY_SIZE} (or fall below half of it), the
 * trials start again with new copies, sampling as a cache bounded by size of the resident entry count would, so that
 * a large weighted cache's copies stay small; the decisions in force stay.
 *
 * <p>Each copy counts its hits. A sample whose key every copy holds cannot tell them apart, so it is not counted: it
 * only references the key in every copy, and it does so without the lock. That keeps a popular sampled key from
 * making every one of its hits take the lock; once its nodes' counters saturate, its hits write nothing. Each period
 * of as many counted samples as a copy has entries, every verdict decides from its copies' hits, and then every count
 * keeps nine tenths of itself, so that old evidence fades over some tens of periods. A sampled hit that some copy
 * misses needs an insert there, which takes the lock and allocates a node; the hit path does neither, so it leaves the
 * hash in {@link #pending} ({@link PendingSamples}), and the next insert into the cache, which takes a lock and
 * allocates anyway, replays it.
 *
 * <p>Memory grows with use: each copy's table starts small and doubles as the copy fills (see {@link TrialCopy}), and
 * its history grows as the cache's does, so an empty cache pays for no copy by its maximum size.
 *
 * <p>Fields: {@link #copies} is replaced under {@link #lock} and read by hits without it, so it is volatile; the
 * sampling shift is written under the lock and read racily by hits (a stale value samples one key more or less).
 * Everything else that changes is guarded by {@link #lock}, except the copies' tables, which are read without it as
 * the cache's table is (one writer, holding {@link #lock}), their nodes' racy reference counters, and
 * {@link #pending}, which hits write without it. The lock is only ever tried, never waited for, so a thread that
 * holds the eviction lock may try it without any risk of deadlock.
 */
final class Trials {

  /** The smallest copy size the sampling aims for. */
  static final int MINIMUM_COPY_SIZE = 512;
  /** At most one key in {@code 2^2} is sampled. */
  static final int MINIMUM_SAMPLING_SHIFT = 2;
  /** At least one key in {@code 2^10} is sampled. */
  static final int MAXIMUM_SAMPLING_SHIFT = 10;
  /**
   * A weighted cache's copies start again at a new sampling shift once they reach this many times
   * {@link #MINIMUM_COPY_SIZE}, so that they never hold more than that many entries each.
   */
  static final int RESTART_GROWTH = 2;
  /**
   * Added to a key hash before sampling, so that the hash 0, which the keys {@code 0}, {@code 0L}, {@code ""} and
   * {@code false} share and which is often a workload's most popular, is not sampled at any shift.
   */
  private static final int SAMPLING_OFFSET = 0x3C6EF372;
  /** Spreads a key hash before sampling, so that keys with regular hash codes are sampled evenly. */
  private static final int SAMPLING_MULTIPLIER = 0x9E3779B9;

  private final CarryTrial carryTrial = new CarryTrial();
  private final FloorTrial floorTrial = new FloorTrial(carryTrial::carries);
  /** The verdicts, in the order of their copies in {@link #copies}. */
  private final TrialVerdict[] verdicts = {carryTrial, floorTrial};
  private final int scanLimit;
  private final int seed;
  /** Whether the copies follow the cache's resident entry count (a weighted cache). */
  private final boolean followsEntries;
  private final IntSupplier residentEntries;
  private final ReentrantLock lock = new ReentrantLock();
  /** Sampled hits that not every copy holds, for the next insert to replay. */
  private final PendingSamples pending = new PendingSamples();
  /** {@link #record}, made once: the drain of pending samples must not allocate a lambda per insert. */
  private final IntConsumer replay = this::record;

  /** Written under {@link #lock}; read racily by hits (a stale value samples one key more or less). */
  private int samplingShift;
  /** {@code Integer.SIZE - samplingShift}; as {@link #samplingShift}. */
  private int sampledBits;
  /** Every verdict's copies, in the order of {@link #verdicts}; replaced under {@link #lock}, read by hits. */
  private volatile TrialCopy[] copies;
  /** Guarded by {@link #lock}: each copy's hits, fading each period. */
  private final int[] hits;
  /** Guarded by {@link #lock}: the entries each copy holds at most, and the counted samples in a period. */
  private int copySize;
  /** Guarded by {@link #lock}: counted samples in the current period. */
  private int samplesInPeriod;

  /**
   * @param maximumSize the cache's maximum size, for a cache bounded by size
   * @param weighted whether the cache is weighted: the copies then follow {@code residentEntries}
   * @param residentEntries the cache's resident entry count, read racily
   * @param scanLimit the cache's scan limit, which the copies share
   * @param seed randomises the layout of the copies' history tables
   */
  Trials(int maximumSize, boolean weighted, IntSupplier residentEntries, int scanLimit, int seed) {
    this.followsEntries = weighted;
    this.residentEntries = residentEntries;
    this.scanLimit = scanLimit;
    this.seed = seed;
    setSamplingShift(weighted ? MINIMUM_SAMPLING_SHIFT : samplingShift(maximumSize));
    this.copySize = weighted ? MINIMUM_COPY_SIZE : Math.max(1, maximumSize >>> samplingShift);
    this.copies = newCopies(copySize);
    this.hits = new int[copies.length];
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

  private void setSamplingShift(int shift) {
    samplingShift = shift;
    sampledBits = Integer.SIZE - shift;
  }

  private TrialCopy[] newCopies(int size) {
    List<TrialCopy> made = new ArrayList<>();
    for (TrialVerdict verdict : verdicts) {
      for (int index = 0; index < verdict.copyCount(); index++) {
        made.add(new TrialCopy(verdict.newCopyPolicy(index, size, scanLimit, seed + made.size())));
      }
    }
    return made.toArray(new TrialCopy[0]);
  }

  /**
   * Whether the trials sample keys with this hash. An access to a sampled key does more work than another, more
   * still when not every copy holds it and it tries the lock; the offset keeps the most common popular hash, 0, out
   * of the sample.
   */
  boolean isSampled(int hash) {
    return ((hash + SAMPLING_OFFSET) * SAMPLING_MULTIPLIER) >>> sampledBits == 0;
  }

  /** Whether the hot hand may carry references now: the carry trial's verdict. */
  boolean carries() {
    return carryTrial.carries();
  }

  /** The cold target's floor in force, in thousandths of the maximum: the floor trial's verdict. */
  int floor() {
    return floorTrial.floor();
  }

  /**
   * Records a reference to a resident key (a hit, or a write to a present key); takes no lock and allocates
   * nothing.
   */
  void recordHit(int hash) {
    if (!isSampled(hash)) {
      return;
    }
    if (referenceInEveryCopy(hash)) {
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

  /** The sum of the reference counters of this hash's nodes in every copy, or -1 if not every copy holds it. */
  int referencesInEveryCopy(int hash) {
    int references = 0;
    for (TrialCopy copy : copies) {
      Node<Object, Object> node = copy.find(hash);
      if (node == null) {
        return -1;
      }
      references += node.referenceCount;
    }
    return references;
  }

  /**
   * Follows the cache's new maximum size, in a cache bounded by size: each copy's maximum becomes its share of it,
   * at the same sampling shift, and so does the period; a weighted cache's copies follow its resident entries
   * instead, and ignore this. A copy made smaller evicts its excess over its next admissions; a larger one
   * allocates nothing until it fills (see {@link TrialCopy}). Waits for the lock, which its holders never hold while
   * waiting for anything; the caller holds no lock.
   */
  void setMaximum(int maximumSize) {
    if (followsEntries) {
      return;
    }
    lock.lock();
    try {
      copySize = Math.max(1, maximumSize >>> samplingShift);
      for (TrialCopy copy : copies) {
        copy.policy().setMaximum(copySize);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Runs {@code action} while holding the lock, as a sample in progress would; for tests. */
  void whileLocked(Runnable action) {
    lock.lock();
    try {
      action.run();
    } finally {
      lock.unlock();
    }
  }

  /** The entries each copy holds at most now; for tests. */
  int copySize() {
    lock.lock();
    try {
      return copySize;
    } finally {
      lock.unlock();
    }
  }

  int samplingShift() {
    return samplingShift;
  }

  /**
   * Checks every copy as {@link Invariants} checks the cache, each violation prefixed with the copy's name; waits
   * for a sample in progress.
   */
  List<String> checkInvariants() {
    lock.lock();
    try {
      List<String> violations = new ArrayList<>();
      int first = 0;
      for (TrialVerdict verdict : verdicts) {
        for (int index = 0; index < verdict.copyCount(); index++) {
          copies[first + index].check(verdict.copyName(index), violations);
        }
        first += verdict.copyCount();
      }
      return violations;
    } finally {
      lock.unlock();
    }
  }

  /**
   * References the hash in every copy if every copy holds it, without the lock: such a sample would not tell the
   * copies apart, and does not count towards a period. Returns whether it did.
   */
  private boolean referenceInEveryCopy(int hash) {
    TrialCopy[] current = copies;
    for (TrialCopy copy : current) {
      if (copy.find(hash) == null) {
        return false;
      }
    }
    for (TrialCopy copy : current) {
      Node<Object, Object> node = copy.find(hash);
      if (node != null) { // without the lock, a sample in progress may have evicted it since
        node.recordAccess();
      }
    }
    return true;
  }

  /** Replays one sample through every copy; at the end of a period, lets every verdict decide. */
  private void record(int hash) {
    if (referenceInEveryCopy(hash)) {
      return;
    }
    TrialCopy[] current = copies;
    for (int index = 0; index < current.length; index++) {
      if (current[index].access(hash)) {
        hits[index]++;
      }
    }
    if (++samplesInPeriod >= copySize) {
      samplesInPeriod = 0;
      int first = 0;
      for (TrialVerdict verdict : verdicts) {
        verdict.decide(hits, first);
        first += verdict.copyCount();
      }
      for (int index = 0; index < hits.length; index++) {
        hits[index] -= hits[index] / 10;
      }
      if (followsEntries) {
        followResidentEntries();
      }
    }
  }

  /**
   * Sizes the copies by the cache's resident entry count, when it has moved by more than a sixteenth; when that
   * makes a copy {@link #RESTART_GROWTH} times {@link #MINIMUM_COPY_SIZE} or more, or less than half of it, restarts
   * with new copies at the sampling shift a cache bounded by size of that many entries would have (the decisions in
   * force stay).
   */
  private void followResidentEntries() {
    int resident = Math.max(1, residentEntries.getAsInt());
    int size = Math.max(1, resident >>> samplingShift);
    if ((size >= RESTART_GROWTH * MINIMUM_COPY_SIZE && samplingShift < MAXIMUM_SAMPLING_SHIFT)
        || (size < MINIMUM_COPY_SIZE / 2 && samplingShift > MINIMUM_SAMPLING_SHIFT)) {
      int shift = samplingShift(resident);
      if (shift != samplingShift) {
        setSamplingShift(shift);
        copySize = Math.max(1, resident >>> shift);
        copies = newCopies(copySize);
        Arrays.fill(hits, 0);
        samplesInPeriod = 0;
        return;
      }
    }
    if (Math.abs(size - copySize) * 16L > copySize) {
      copySize = size;
      for (TrialCopy copy : copies) {
        copy.policy().setMaximum(size);
      }
    }
  }
}
