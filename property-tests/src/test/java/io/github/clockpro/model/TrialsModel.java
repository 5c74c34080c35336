package io.github.clockpro.model;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * The model's trials: whether the model may carry, and which floor of the cold target it uses, each decided by
 * smaller models of the same policy that differ only in that setting, over one sample of the keys. Written from the
 * rules of {@code Trials}, {@code CarryTrial} and {@code FloorTrial} in the core; see rule "The trials" of
 * {@link ReferenceModel}.
 */
final class TrialsModel {

  /** The floors of the copies, in thousandths of the maximum; the first is the floor at the start. */
  private static final int[] FLOORS = {10, 200};
  /** Standard errors by which a copy must lead the copy of the floor in force to take over. */
  private static final int GATE = 2;
  /** A weighted model's copies start over once they reach this many times the smallest copy size. */
  private static final int RESTART_GROWTH = 2;
  /** Added to a fingerprint before sampling, and multiplied with it. */
  private static final int SAMPLING_OFFSET = 0x3C6E_F372;
  private static final int SAMPLING_MULTIPLIER = 0x9E37_79B9;
  /** The copies: carrying, not carrying (both at the paper's floor), then one per floor, carrying as the model. */
  private static final int CARRYING = 0;
  private static final int NOT_CARRYING = 1;
  private static final int FIRST_FLOOR = 2;

  private final boolean followsResidentPages;
  private final IntSupplier residentPages;
  private final int scanLimit;
  private final BooleanSupplier carries;
  private boolean carrying;
  private long periods;
  private long carryingPeriods;

  private int samplingShift;
  private int copySize;
  private ReferenceModel<Integer>[] copies;
  private final int[] hits = new int[FIRST_FLOOR + FLOORS.length];
  private int samplesInPeriod;
  private int chosen;
  /** Sampled references waiting for the next insert, by slot; 0 for an empty slot. */
  private final int[] pending = new int[16];
  private int pendingCursor;

  /**
   * @param maximumSize the model's maximum size, for a model bounded by size
   * @param weighted whether the model is weighted: the copies then follow {@code residentPages}
   * @param residentPages the model's resident pages, read at the end of each period when weighted
   */
  TrialsModel(int maximumSize, boolean weighted, IntSupplier residentPages, int scanLimit) {
    this.followsResidentPages = weighted;
    this.residentPages = residentPages;
    this.scanLimit = scanLimit;
    this.carries = () -> carrying;
    this.samplingShift = weighted ? ReferenceModel.TRIAL_LEAST_SHIFT : ReferenceModel.samplingShift(maximumSize);
    this.copySize = weighted ? ReferenceModel.TRIAL_COPY_SIZE : Math.max(1, maximumSize >>> samplingShift);
    this.copies = newCopies();
  }

  @SuppressWarnings("unchecked")
  private ReferenceModel<Integer>[] newCopies() {
    ReferenceModel<Integer>[] made = new ReferenceModel[FIRST_FLOOR + FLOORS.length];
    made[CARRYING] = ReferenceModel.trialCopy(copySize, scanLimit, () -> true, ReferenceModel.DEFAULT_FLOOR);
    made[NOT_CARRYING] = ReferenceModel.trialCopy(copySize, scanLimit, () -> false, ReferenceModel.DEFAULT_FLOOR);
    for (int index = 0; index < FLOORS.length; index++) {
      made[FIRST_FLOOR + index] = ReferenceModel.trialCopy(copySize, scanLimit, carries, FLOORS[index]);
    }
    return made;
  }

  /** The floor in force, in thousandths of the maximum. */
  int floor() {
    return FLOORS[chosen];
  }

  /**
   * Follows the model's new maximum, in a model bounded by size: each copy's size becomes its share of it at the
   * same shift, as {@link ReferenceModel#resize} (a copy made smaller evicts its excess over its next inserts); a
   * weighted model's copies follow its resident pages instead, and ignore this.
   */
  void setMaximum(int maximumSize) {
    if (followsResidentPages) {
      return;
    }
    copySize = Math.max(1, maximumSize >>> samplingShift);
    for (ReferenceModel<Integer> copy : copies) {
      copy.resize(copySize);
    }
  }

  /** Whether the model may carry now. */
  boolean carries() {
    return carrying;
  }

  /** The share of the periods so far that ended with the model allowed to carry; 0 before the first. */
  double carryingShare() {
    return periods == 0 ? 0 : (double) carryingPeriods / periods;
  }

  /** A reference to a resident key: a sampled one that not all copies hold waits in the next pending slot. */
  void reference(int hash) {
    if (isSampled(hash) && !referenceInAllCopies(hash)) {
      pending[pendingCursor++ & (pending.length - 1)] = hash;
    }
  }

  /**
   * An insert: the pending samples in slot order, then the inserted key if it was sampled when the insert began
   * (a pending sample may change the sampling shift).
   */
  void insert(int hash) {
    boolean sampled = isSampled(hash);
    for (int slot = 0; slot < pending.length; slot++) {
      if (pending[slot] != 0) {
        int pendingHash = pending[slot];
        pending[slot] = 0;
        sample(pendingHash);
      }
    }
    if (sampled) {
      sample(hash);
    }
  }

  private boolean isSampled(int hash) {
    long scrambled = Integer.toUnsignedLong((hash + SAMPLING_OFFSET) * SAMPLING_MULTIPLIER);
    return scrambled < 1L << (32 - samplingShift);
  }

  /** References the hash in every copy if every copy holds it; returns whether they all did. */
  private boolean referenceInAllCopies(int hash) {
    for (ReferenceModel<Integer> copy : copies) {
      if (!copy.contains(hash)) {
        return false;
      }
    }
    for (ReferenceModel<Integer> copy : copies) {
      copy.reference(hash);
    }
    return true;
  }

  /** Replays a sampled key's hash through every copy; at the end of a period, decides both settings. */
  private void sample(int hash) {
    if (referenceInAllCopies(hash)) {
      return;
    }
    for (int index = 0; index < copies.length; index++) {
      if (copies[index].contains(hash)) {
        copies[index].reference(hash);
        hits[index]++;
      } else {
        copies[index].insert(hash);
      }
    }
    if (++samplesInPeriod >= copySize) {
      samplesInPeriod = 0;
      carrying = hits[CARRYING] > hits[NOT_CARRYING];
      periods++;
      if (carrying) {
        carryingPeriods++;
      }
      int best = chosen;
      for (int index = 0; index < FLOORS.length; index++) {
        if (hits[FIRST_FLOOR + index] > hits[FIRST_FLOOR + best]) {
          best = index;
        }
      }
      long lead = (long) hits[FIRST_FLOOR + best] - hits[FIRST_FLOOR + chosen];
      if (lead > 0
          && lead * lead > (long) GATE * GATE * ((long) hits[FIRST_FLOOR + best] + hits[FIRST_FLOOR + chosen])) {
        chosen = best;
      }
      for (int index = 0; index < hits.length; index++) {
        hits[index] -= hits[index] / 10;
      }
      if (followsResidentPages) {
        followResidentPages();
      }
    }
  }

  /**
   * Sizes the copies by the model's resident pages, shifted by the sampling shift, when that moves by more than a
   * sixteenth of the copies' size; where it reaches twice the smallest copy size (below the greatest shift)
   * or falls below half of it (above the least), starts over with new copies at the shift and size a model
   * bounded by that many pages would have, if that shift differs; the decisions in force stay.
   */
  private void followResidentPages() {
    int resident = Math.max(1, residentPages.getAsInt());
    int size = Math.max(1, resident >>> samplingShift);
    if ((size >= RESTART_GROWTH * ReferenceModel.TRIAL_COPY_SIZE && samplingShift < ReferenceModel.TRIAL_GREATEST_SHIFT)
        || (size < ReferenceModel.TRIAL_COPY_SIZE / 2 && samplingShift > ReferenceModel.TRIAL_LEAST_SHIFT)) {
      int shift = ReferenceModel.samplingShift(resident);
      if (shift != samplingShift) {
        samplingShift = shift;
        copySize = Math.max(1, resident >>> shift);
        copies = newCopies();
        Arrays.fill(hits, 0);
        samplesInPeriod = 0;
        return;
      }
    }
    if (Math.abs(size - copySize) * 16L > copySize) {
      copySize = size;
      for (ReferenceModel<Integer> copy : copies) {
        copy.resize(size);
      }
    }
  }
}
