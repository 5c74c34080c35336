package io.github.clockpro.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;

/**
 * Decides the cold target's floor, by replaying a sample of the cache's accesses through small copies of the policy
 * that differ only in that floor (for instance 1% and 20% of the maximum). The cache's floor is the one of the copy
 * that has had the most hits lately; the cold target adapts above it as before.
 *
 * <h2>Contract</h2>
 * As {@link CarryTrial}'s: {@link #recordHit} takes no lock and allocates nothing; {@link #recordInsert} replays the
 * pending samples and the inserted key if it is sampled, if it can take the trial's lock at once; {@link #floor()}
 * may be read from any thread. One call of {@link #recordInsert} replays at most {@code PendingSamples.SLOTS + 1}
 * samples, each examining at most {@code copies * scanLimit} entries.
 *
 * <h2>Design</h2>
 * The carry trial's method, applied to the floor: a hill climber that moves the floor and compares the next period's
 * hit rate with the last follows the trace's own phases (docs/decisions.md), while copies that run side by side see
 * the same requests, so their difference is the floor's effect alone. The copies sample the keys whose scrambled
 * hash falls into one part in {@code 2^samplingShift} of the hash space, with a scramble of their own so that the
 * sample is not the carry trial's, and hold that share of the cache's entries. In a cache bounded by size that is
 * {@code maximumSize >>> samplingShift}, as in the carry trial. In a weighted cache the maximum is a weight and the
 * entry count is not known in advance, so the copies (whose nodes weigh 1) start sampling one key in
 * {@code 2^MINIMUM_SAMPLING_SHIFT} and hold that share of the cache's resident entry count, read at the end of
 * each period and followed when it moves by more than a sixteenth; a copy made smaller evicts its excess over its
 * next admissions, at most {@link ClockProPolicy#MAXIMUM_EVICTIONS} each. When the copies reach
 * {@link #RESTART_GROWTH} times {@link #MINIMUM_COPY_SIZE} (or fall below half of it), the trial starts again with
 * new copies, sampling as a cache bounded by size of the resident entry count would, so that a large weighted
 * cache's copies stay small.
 *
 * <p>Every copy carries as the cache does ({@code carrySwitch}, the carry trial's answer). Each copy's hits fade by a
 * tenth each period of as many counted samples as a copy has entries; at the end of a period the floor becomes the
 * one of the copy with the most hits, if it leads the copy of the floor in force by more than {@link #GATE} standard
 * errors of a sign test over the samples that told the two apart ({@code lead^2 > GATE^2 * (hits + hits)}). It starts
 * at the first floor. Without the gate, three early samples (one hit against two) chose the larger floor while
 * {@code multi1} at 500 entries was filling, and that cell lost 1.6 points (docs/decisions.md).
 *
 * <p>The hit path of a sampled key looks the key up in every copy, as the carry trial's does in its two.
 */
final class FloorTrial {

  static final int MINIMUM_COPY_SIZE = CarryTrial.MINIMUM_COPY_SIZE;
  static final int MINIMUM_SAMPLING_SHIFT = CarryTrial.MINIMUM_SAMPLING_SHIFT;
  /**
   * The floors the copies try, in thousandths of the maximum: the paper's hundredth, where the trial starts, and a
   * fifth, S3-FIFO's small queue (docs/decisions.md).
   */
  static final int[] FLOORS = {10, 200};
  /** Standard errors by which a copy must lead the floor in force to take over. */
  static final int GATE = 2;
  /**
   * A weighted cache's copies start again at a new sampling shift once they reach this many times
   * {@link #MINIMUM_COPY_SIZE}, so that they never hold more than that many entries each.
   */
  static final int RESTART_GROWTH = 2;
  /** Not the carry trial's offset and multiplier: this trial samples other keys. */
  private static final int SAMPLING_OFFSET = 0x6A09E667;
  private static final int SAMPLING_MULTIPLIER = 0x85EBCA6B;

  /** Written under {@link #lock}; read racily by hits (a stale value samples one key more or less). */
  private int samplingShift;
  /** {@code Integer.SIZE - samplingShift}; as {@link #samplingShift}. */
  private int sampledBits;
  /** Replaced under {@link #lock} when a weighted cache's sampling shift changes; read by hits without it. */
  private volatile TrialCopy[] copies;
  private final int scanLimit;
  private final int seed;
  private final BooleanSupplier carrySwitch;
  /** Whether the copies follow the cache's resident entry count (a weighted cache). */
  private final boolean followsEntries;
  private final IntSupplier residentEntries;
  private final ReentrantLock lock = new ReentrantLock();

  /** Guarded by {@link #lock}: each copy's hits, fading each period. */
  private final int[] hits;
  /** Guarded by {@link #lock}: the entries each copy holds at most, and the samples in a period. */
  private int copySize;
  /** Guarded by {@link #lock}: samples recorded in the current period. */
  private int samplesInPeriod;
  /** Written under {@link #lock}; read by the cache's policy under the eviction lock: the floor in force. */
  private volatile int chosen;
  /** Sampled hits that not every copy holds, for the next insert to replay. */
  private final PendingSamples pending = new PendingSamples();
  /** {@link #record}, made once: the drain of pending samples must not allocate a lambda per insert. */
  private final IntConsumer replay = this::record;

  /**
   * @param maximumSize the cache's maximum size, for a cache bounded by size
   * @param weighted whether the cache is weighted: the copies then follow {@code residentEntries}
   * @param residentEntries the cache's resident entry count, read racily
   */
  FloorTrial(int maximumSize, boolean weighted, IntSupplier residentEntries, int scanLimit, int seed,
      BooleanSupplier carrySwitch) {
    this.followsEntries = weighted;
    this.residentEntries = residentEntries;
    this.samplingShift = weighted ? MINIMUM_SAMPLING_SHIFT : samplingShift(maximumSize);
    this.sampledBits = Integer.SIZE - samplingShift;
    this.copySize = weighted ? MINIMUM_COPY_SIZE : Math.max(1, maximumSize >>> samplingShift);
    this.scanLimit = scanLimit;
    this.seed = seed;
    this.carrySwitch = carrySwitch;
    this.copies = newCopies(copySize);
    this.hits = new int[FLOORS.length];
  }

  private TrialCopy[] newCopies(int size) {
    TrialCopy[] made = new TrialCopy[FLOORS.length];
    for (int index = 0; index < FLOORS.length; index++) {
      int floor = FLOORS[index];
      made[index] = new TrialCopy(
          new ClockProPolicy<>(size, false, scanLimit, seed + index, carrySwitch, () -> floor, false, null));
    }
    return made;
  }

  static int samplingShift(int maximumSize) {
    int shift = CarryTrial.MAXIMUM_SAMPLING_SHIFT;
    while (shift > MINIMUM_SAMPLING_SHIFT && (maximumSize >>> shift) < MINIMUM_COPY_SIZE) {
      shift--;
    }
    return shift;
  }

  boolean isSampled(int hash) {
    return (((hash + SAMPLING_OFFSET) * SAMPLING_MULTIPLIER) & 0xFFFF_FFFFL) >>> sampledBits == 0; // all at shift 0
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

  /** The floor in force, in thousandths of the maximum. */
  int floor() {
    return FLOORS[chosen];
  }

  void recordHit(int hash) {
    if (!isSampled(hash)) {
      return;
    }
    if (referenceInAllCopies(hash)) {
      return;
    }
    pending.offer(hash);
  }

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
   * Follows the cache's new maximum size, in a cache bounded by size: each copy's maximum becomes its share of it,
   * at the same sampling shift; a weighted cache's copies follow its resident entries instead, and ignore this.
   * Waits for the trial's lock, as {@link CarryTrial#setMaximum} does.
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

  List<String> checkInvariants() {
    lock.lock();
    try {
      List<String> violations = new ArrayList<>();
      for (int index = 0; index < copies.length; index++) {
        copies[index].check("floor copy " + FLOORS[index] + ": ", violations);
      }
      return violations;
    } finally {
      lock.unlock();
    }
  }

  private boolean referenceInAllCopies(int hash) {
    TrialCopy[] copies = this.copies;
    for (TrialCopy copy : copies) {
      if (copy.find(hash) == null) {
        return false;
      }
    }
    for (TrialCopy copy : copies) {
      Node<Object, Object> node = copy.find(hash);
      if (node != null) { // without the lock, a sample in progress may have evicted it since
        node.recordAccess();
      }
    }
    return true;
  }

  private void record(int hash) {
    if (referenceInAllCopies(hash)) {
      return;
    }
    for (int index = 0; index < copies.length; index++) {
      if (copies[index].access(hash)) {
        hits[index]++;
      }
    }
    if (++samplesInPeriod >= copySize) {
      samplesInPeriod = 0;
      int best = chosen;
      for (int index = 0; index < hits.length; index++) {
        if (hits[index] > hits[best]) {
          best = index;
        }
      }
      long lead = (long) hits[best] - hits[chosen];
      // A sign test: of the samples that told the two copies apart, the better must lead by GATE standard errors
      if (lead > 0 && lead * lead > GATE * GATE * ((long) hits[best] + hits[chosen])) {
        chosen = best;
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
   * the trial with new copies at the sampling shift a cache bounded by size of that many entries would have (the
   * floor in force stays).
   */
  private void followResidentEntries() {
    int resident = Math.max(1, residentEntries.getAsInt());
    int size = Math.max(1, resident >>> samplingShift);
    if ((size >= RESTART_GROWTH * MINIMUM_COPY_SIZE && samplingShift < CarryTrial.MAXIMUM_SAMPLING_SHIFT)
        || (size < MINIMUM_COPY_SIZE / 2 && samplingShift > MINIMUM_SAMPLING_SHIFT)) {
      int shift = samplingShift(resident);
      if (shift != samplingShift) {
        samplingShift = shift;
        sampledBits = Integer.SIZE - shift;
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
