package io.github.clockpro.model;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.ToIntFunction;

/**
 * A sequential reference model of the cache's CLOCK-Pro policy, written from the rules in the Javadoc of
 * {@code ClockProPolicy} and in {@code docs/design.md}, with no code in common with the core. It keeps plain
 * lists and maps and tries nothing clever, so that each step can be read next to the design.
 *
 * <p>Single-threaded, the cache and this model must agree on every hit and miss, on every key evicted and on the
 * set of resident keys; the properties and the trace test hold them to it.
 *
 * <h2>State</h2>
 * <ul>
 *   <li>Two clocks, as lists whose first element is under the hand: the hot pages, and the resident cold pages.
 *       A page placed "at the head" (admitted, promoted, demoted, or spared by a hand) is appended to its list
 *       and receives the next <em>stamp</em>, a logical time.
 *   <li>The history of non-resident cold pages: a first-in first-out list of records (key fingerprint, stamp,
 *       whether the page had been referenced), and a map from each fingerprint to its newest record. A key's
 *       fingerprint is its hash, except for a {@code Long} key: its low half XOR the MurmurHash3 32-bit
 *       finalizer of its high half. The trials sample keys by fingerprint too. A record is <em>live</em>
 *       while the map points to it. Before a record is added, the oldest are dropped while the list holds the
 *       history's limit or more, at most three of them.
 *   <li>The history's limit, from an eighth of {@code maximumSize} (at least 1) to all of it, starting at all
 *       of it. A page that a history hit made hot is <em>returned</em>. The hot hand keeps a share, in 256ths,
 *       starting at 0: on every other page it examines, the share moves a 32nd of the way (rounded down) to 256
 *       if the page was referenced since the hand last passed, and to 0 if not. When the hand first reaches a
 *       returned page, a bar of the share plus 26 is taken, and a running sum gains 256 minus the bar if the
 *       page's counter is above zero (referenced since), and loses the bar if not. When the sum reaches 16 times
 *       256, or its negative, the limit moves up or down by a sixteenth of {@code maximumSize} (at least 1),
 *       within its range, and the sum restarts at zero.
 *   <li>A page's test period lasts while its stamp is newer than the stamp of the hot page under the hot hand
 *       (or while there is no hot page).
 *   <li>The cold target (resident cold pages aimed for), between the floor and the size less the floor, the
 *       floor being 1% of the size unless the trials (below) choose 20%; the promotion
 *       threshold (references a cold page needs to count as referenced), starting at 2, between 1 and 2; the
 *       carry limit (the most references the hot hand leaves a spared page for its next revolution), starting
 *       at 0.
 *   <li>The cold target grows by one on a history hit in test; when the cold hand meets a cold page in test with
 *       a counter above zero, whether it promotes it or, below the threshold, evicts it; and when the cold hand
 *       meets a page whose test has ended with a counter at the threshold or above. It shrinks by one on a history
 *       hit whose test had ended, when the cold hand meets a page whose test has ended with a counter below the
 *       threshold, and on each live record dropped because its test ended. A live record of a page evicted with
 *       a counter of zero, dropped because the history is at its limit, adds the limit to a running weight; each
 *       time the weight reaches {@code maximumSize}, it loses {@code maximumSize} and the cold target shrinks by
 *       one (at the full limit, one step per record). A live record of a page evicted with a counter above zero
 *       adds nothing when the limit drops it: that page already grew the cold target when it was evicted.
 *   <li>The far history, where live records go when the history's limit drops them while the limit is the
 *       history's capacity (not records dropped because their test ended): a table of buckets of four slots,
 *       {@code ceil(3 * capacity / 16)} buckets (at least one), modelled in {@link FarHistoryModel}. A
 *       fingerprint's bucket is the MurmurHash3 32-bit finalizer of the fingerprint XOR {@code 0x7F4A7C15}, as an
 *       unsigned fraction of 2^32, times the number of buckets; its tag is the top 14 bits of the finalizer of
 *       that mix plus {@code 0x632BE5AB} (1 where they are 0). An addition renews a live record of the same tag in
 *       the bucket, else takes the slot of the highest age, an empty or dead slot counting as age 3, ties going to
 *       the lowest slot. A generation lasts as many additions as there are buckets; a record is live in its
 *       generation and the two after it. A miss whose fingerprint has no live record in the history takes its
 *       live record here, if it has one: the miss then counts as a history hit whose stamp is the stamp of the
 *       first record added in that record's generation, except that it never lowers the threshold (the far
 *       history keeps no referenced flag). The table is made, empty, when the core's ring of history records
 *       reaches the capacity: the ring holds 16 records at first (the capacity if less), and an addition that
 *       finds it holding as many records as its length, live or not, after its drops, lengthens it to twice (at
 *       most the capacity, at least one more). Once made, the table is made again, empty, whenever the capacity
 *       changes to one that needs another number of buckets, if the ring's length has reached the new capacity;
 *       if not (the capacity grew past the ring), the table is dropped, with every record, and made again when
 *       the ring reaches the capacity, as at first. The trials' copies, and the models {@link #withFixedCarry}
 *       makes, have no far history.
 *   <li>Weights (a model built with {@link #weighted}; the default model is the case where every page weighs 1
 *       and decides exactly as described above). Every page has a weight. The cache evicts while the resident
 *       weight exceeds the maximum less the new page's weight, at most eight pages per insert, each with a scan
 *       of its own; a page heavier than the maximum is not kept. It fills hot while the resident weight plus the
 *       new page's stays within the maximum less the least cold target. The hot clock makes room until the hot
 *       weight plus the newcomer's fits below the maximum less the cold target. The cold target and its range (the
 *       floor's share of the maximum up to the maximum less that) are weights, and every "by one" above is by the
 *       weight of the page concerned; a dropped history record, whose weight is not kept, moves it by the
 *       resident average weight (the resident weight over the resident pages, at least 1). The history's
 *       capacity is the maximum over the resident average weight, recomputed after each insert that evicted,
 *       and changed only if it moves by more than a sixteenth; the limit, its least value and its step scale
 *       with it. After an insert or a reweigh, a resident weight above twice the maximum (or above what the
 *       cache held when a shrinking {@link #setMaximum} left it so, falling as it is repaid) evicts the page
 *       just written. A value written to a present page with another weight references the page, then reweighs
 *       it, evicting as an insert does, or removes it if it is heavier than the maximum. A page of weight 0 is
 *       never evicted for size: the cold hand passes over it as over a load in flight (a new test period at the
 *       head), then runs the hot hand once if the hot clock is not empty and the scan limit is not reached; it is
 *       never the best page at the scan limit, and an eviction that reaches the limit with no other page examined
 *       evicts nothing and ends the call's evictions; nor is it the page just written that the ceiling evicts.
 *   <li>The trials: whether the hot hand may carry at all, and the cold target's floor, in thousandths of the
 *       maximum, 10 (where it starts) or 200; the floor is that share of the maximum, rounded down, at least 1. At
 *       the start of each insert the model takes the floor in force; if it changed, the cold target's range follows
 *       and the cold target is clamped into it. Four smaller models of the same policy, keyed by hash, see every
 *       reference and insert of the keys whose scrambled fingerprint ({@code (hash + 0x3C6EF372) * 0x9E3779B9},
 *       unsigned 32-bit) has its top {@code samplingShift} bits clear: one that always may carry and one that never
 *       may, both at the floor 10, and one with each floor, both carrying exactly when this model may. The shift is
 *       the largest from 2 to 10 that leaves them 512 pages or more, else 2; they hold
 *       {@code maximumSize >> samplingShift} pages (at least one). A sample whose key all four hold is a reference
 *       in each and is not counted; for any other, each copy that holds the key references it and scores a hit,
 *       and the others insert it. A referenced sampled key that not all four hold waits in one of 16 pending slots,
 *       taken in turn (the 17th overwrites the first); each insert first replays the pending slots in slot order,
 *       then its own key if it was sampled before the pending slots were replayed. Each time they have seen as
 *       many counted samples as a copy's size (the size at that moment), the model may carry exactly when the
 *       first copy has more hits than the second; the floor copy with the most hits (the one in force on a tie)
 *       takes over if it leads the one in force by two standard errors of a sign test, {@code lead > 0} and
 *       {@code lead * lead > 4 * (its hits + the other's)}; then each copy's hits keep nine tenths of themselves,
 *       rounded up. It starts not carrying. In a weighted model the copies start at the shift 2 and 512 pages, and
 *       at the end of each period follow the model's resident pages (at least 1), shifted: where that reaches
 *       1,024 below the shift 10, or falls below 256 above the shift 2, and the shift for that many pages is
 *       another, the trials start again with new copies at that shift and size, all hits and samples at zero and
 *       the decisions in force kept; otherwise, where it differs from the copies' size by more than a sixteenth of
 *       that, it becomes their size, as {@link #setMaximum} but with no eviction then (a copy made smaller evicts
 *       its excess over its next inserts, up to eight each).
 * </ul>
 */
public final class ReferenceModel<K> {

  /** A reference counter saturates here. */
  static final int MAXIMUM_COUNTER = 15;
  /** The promotion threshold of a new cache. */
  static final int INITIAL_THRESHOLD = 2;
  /** The highest promotion threshold. */
  static final int MAXIMUM_THRESHOLD = 2;
  /** Missed promotions that lower the threshold by one. */
  static final int MISSED_PROMOTIONS_TO_LOWER = 4;
  /** History records whose test period ended that one eviction drops at most. */
  static final int EXPIRIES_PER_EVICTION = 2;
  /** The largest carry limit. */
  static final int MAXIMUM_CARRY = 14;
  /** Net regrets of one kind that move the carry limit by one. */
  static final int REGRETS_TO_CHANGE_CARRY = 4;
  /** Net verdicts on returned pages, in whole verdicts, that move the history's limit by one step. */
  static final int VERDICTS_TO_MOVE_HISTORY = 16;
  /** A whole verdict, and all of the referenced share. */
  static final int WHOLE = 256;
  /** The share moves this fraction of the way, {@code 1 / SHARE_WINDOW}, on each page. */
  static final int SHARE_WINDOW = 32;
  /** Returned pages must be referenced this much more often than the share, in 256ths, for returns to pay. */
  static final int RETURN_MARGIN = 26;
  /** The history's limit moves by {@code maximumSize / HISTORY_STEPS} (at least 1) ... */
  static final int HISTORY_STEPS = 16;
  /** ... and is at least {@code maximumSize / LEAST_HISTORY_DIVISOR} (at least 1). */
  static final int LEAST_HISTORY_DIVISOR = 8;
  /** Records one addition to the history drops at most. */
  static final int DROPS_PER_REMEMBER = 3;
  /** The length of the core's ring of history records at first, or the history's capacity if less. */
  static final int RING_START = 16;
  /** The trials' smallest copy size, and their least and greatest sampling shifts. */
  static final int TRIAL_COPY_SIZE = 512;
  static final int TRIAL_LEAST_SHIFT = 2;
  static final int TRIAL_GREATEST_SHIFT = 10;
  /** The cold target's floor, in thousandths of the maximum, where no trials choose it. */
  static final int DEFAULT_FLOOR = 10;

  /**
   * Where a resident page is. A promoted page is hot; it remembers that the cold hand promoted it. A returned page
   * is hot; it remembers that a history hit made it hot. Both forget when the hot hand next passes. A demoted page
   * is cold and remembers that the hot hand demoted it, until the cold hand meets it.
   */
  enum State { HOT, PROMOTED, RETURNED, COLD, COLD_IN_TEST, DEMOTED }

  /** A resident page. */
  static final class Page<K> {
    final K key;
    int counter;
    long stamp;
    State state;
    /** For a hot page, how many of its counter's references the hot hand left it when it last passed. */
    int carry;
    /** For a hot page, whether the hot hand last spared it on its carry alone. */
    boolean sparedByCarry;
    /** Whether the page is a load in flight, as a bulk load's placeholders are while its other keys insert. */
    boolean loading;
    long weight = 1;

    Page(K key) {
      this.key = key;
    }

    boolean isHot() {
      return state == State.HOT || state == State.PROMOTED || state == State.RETURNED;
    }
  }

  /** A record of the history: a cold page evicted during its test period. */
  record Ghost(int hash, long stamp, boolean referenced) {}

  /** The most evictions one insert or reweigh makes. */
  static final int MAXIMUM_EVICTIONS = 8;

  /** The size the trials' copies are scaled from: the maximum the model was built with. */
  private final int maximumSize;
  private final int scanLimit;
  private final boolean weighted;
  private final ToIntFunction<K> hashFunction;
  private long maximum;
  private long minimumColdTarget;
  private long maximumColdTarget;
  private long hotWeight;
  private long coldWeight;
  private int historyCapacity;
  private long ceiling;
  /** The keys the current call evicted, in order. */
  private final java.util.List<K> evicted = new java.util.ArrayList<>();

  private final Map<K, Page<K>> resident = new HashMap<>();
  private final LinkedList<Page<K>> hot = new LinkedList<>();
  private final LinkedList<Page<K>> cold = new LinkedList<>();
  private final LinkedList<Ghost> history = new LinkedList<>();
  private final Map<Integer, Ghost> newestGhost = new HashMap<>();
  /** The length of the core's ring of history records, which decides when the far history starts. */
  private int ringLength;
  private final FarHistoryModel farHistory;
  /** Whether the far history is ever made: in the model compared with the cache, not in a trial's copy. */
  private final boolean keepsFarHistory;

  /**
   * In a trial copy or a model with no trials, whether it may carry now; {@code null} in the model the tests compare
   * with the cache, which has the trials.
   */
  private final BooleanSupplier copyCarrySwitch;
  /** The trials, {@code null} in a trial copy or a model with no trials. */
  private final TrialsModel trials;
  /** The cold target's floor in force, in thousandths of the maximum. */
  private int floorPerMille;

  private long now;
  private long coldTarget;
  private int threshold = INITIAL_THRESHOLD;
  private int missedPromotions;
  private int carryLimit;
  private long sparesOnCarry;
  private int carryRegrets;
  private int historyLimit;
  private int returnVerdicts;
  /** Live records dropped by the history's limit, each weighing the limit, not yet taken off the cold target. */
  private long limitDropWeight;
  private int referencedShare;

  /** Pages examined by the current insert, and the one with the lowest counter so far. */
  private int examined;
  private Page<K> best;
  private int bestCounter;

  /**
   * @param maximumSize the most resident pages
   * @param scanLimit the most pages one insert may examine
   * @param hashFunction the key hash, for keys other than {@code Long} (the cache uses {@code hashCode()}); the
   *     history records and the trials sample keys by their fingerprint, which is this hash for them
   */
  public ReferenceModel(int maximumSize, int scanLimit, ToIntFunction<K> hashFunction) {
    this(maximumSize, scanLimit, hashFunction, null, DEFAULT_FLOOR, false);
  }

  /**
   * A model of a cache bounded by weight: pages weigh what {@link #insert(Object, long)} and {@link #reweigh} say.
   *
   * @param maximumWeight the most resident weight, at most {@link Integer#MAX_VALUE} here
   */
  public static <K> ReferenceModel<K> weighted(int maximumWeight, int scanLimit, ToIntFunction<K> hashFunction) {
    return new ReferenceModel<>(maximumWeight, scanLimit, hashFunction, null, DEFAULT_FLOOR, true);
  }

  /**
   * A model with no trials, whose hand always may carry ({@code carries}) or never may, and whose floor is a
   * hundredth: what each of the trials' carry copies is, at full size.
   */
  public static <K> ReferenceModel<K> withFixedCarry(int maximumSize, int scanLimit, ToIntFunction<K> hashFunction,
      boolean carries) {
    return new ReferenceModel<>(maximumSize, scanLimit, hashFunction, () -> carries, DEFAULT_FLOOR, false);
  }

  /** A copy of the trials: keyed by hash, with a fixed floor, carrying as {@code carrySwitch} says. */
  static ReferenceModel<Integer> trialCopy(int maximumSize, int scanLimit, BooleanSupplier carrySwitch, int floor) {
    return new ReferenceModel<>(maximumSize, scanLimit, hash -> hash, carrySwitch, floor, false);
  }

  /** The trials' sampling shift for this size: see rule "The trials". */
  static int samplingShift(int maximumSize) {
    int shift = TRIAL_LEAST_SHIFT;
    for (int candidate = TRIAL_LEAST_SHIFT + 1; candidate <= TRIAL_GREATEST_SHIFT; candidate++) {
      if (maximumSize / (1 << candidate) >= TRIAL_COPY_SIZE) {
        shift = candidate;
      }
    }
    return shift;
  }

  private ReferenceModel(int maximumSize, int scanLimit, ToIntFunction<K> hashFunction,
      BooleanSupplier copyCarrySwitch, int floor, boolean weighted) {
    this.weighted = weighted;
    this.copyCarrySwitch = copyCarrySwitch;
    this.floorPerMille = floor;
    this.trials = copyCarrySwitch == null
        ? new TrialsModel(maximumSize, weighted, () -> hot.size() + cold.size(), scanLimit) : null;
    this.maximumSize = maximumSize;
    this.maximum = maximumSize;
    this.historyCapacity = maximumSize;
    this.historyLimit = maximumSize;
    this.scanLimit = scanLimit;
    this.hashFunction = hashFunction;
    applyMaximum(maximumSize);
    this.coldTarget = minimumColdTarget;
    this.ceiling = ceilingFloor();
    this.farHistory = new FarHistoryModel();
    this.ringLength = Math.min(RING_START, maximumSize);
    this.keepsFarHistory = copyCarrySwitch == null;
    if (keepsFarHistory && ringLength == historyCapacity) {
      farHistory.allocate(historyCapacity);
    }
  }

  /** The resident weight: the resident pages where every page weighs 1. */
  public long residentWeight() {
    return hotWeight + coldWeight;
  }

  /** The carry limit: the most references the hot hand may leave a spared page. */
  public int carryLimit() {
    return carryLimit;
  }

  /** How many times the hot hand has spared a page on its carried references alone. */
  public long sparesOnCarry() {
    return sparesOnCarry;
  }

  /** Whether the key is resident. */
  public boolean contains(K key) {
    return resident.containsKey(key);
  }

  /** The resident keys. */
  public Set<K> residentKeys() {
    return new HashSet<>(resident.keySet());
  }

  /** Counts a reference to a resident key: a hit, or a write to a present key. */
  public void reference(K key) {
    Page<K> page = resident.get(key);
    if (page.counter < MAXIMUM_COUNTER) {
      page.counter++;
    }
    if (trials != null) {
      trials.reference(fingerprint(key));
    }
  }

  /** Whether the hot hand may carry references now. */
  public boolean carries() {
    return copyCarrySwitch != null ? copyCarrySwitch.getAsBoolean() : trials.carries();
  }

  /** The share of the trials' periods so far that ended with the hand allowed to carry; 0 before the first. */
  public double carryingShare() {
    return trials.carryingShare();
  }

  /**
   * Marks a resident key's page as a load in flight, or as loaded: the cold hand passes over such a page, and
   * evicts it only if every page it examined is one. Only a bulk load inserts while its own earlier keys load.
   */
  public void loading(K key, boolean loading) {
    resident.get(key).loading = loading;
  }

  /** Removes a resident key on the user's request. Its page leaves no history. */
  public void remove(K key) {
    Page<K> page = resident.remove(key);
    if (page != null) {
      unlink(page);
    }
  }

  /**
   * Inserts a key that is not resident, evicting one page first if the cache is full.
   *
   * @return the evicted key, or {@code null}
   */
  public K insert(K key) {
    java.util.List<K> victims = insert(key, 1);
    return victims.isEmpty() ? null : victims.get(0);
  }

  /**
   * Inserts a key that is not resident with its weight, evicting while the cache has no room for it.
   *
   * @return the evicted keys, in order; the key itself last if it was not kept
   */
  public java.util.List<K> insert(K key, long weight) {
    evicted.clear();
    examined = 0;
    followFloorTrial();
    Page<K> page = new Page<>(key);
    page.weight = weight;
    if (weight > maximum) {
      evicted.add(key); // heavier than the whole cache: never resident
    } else {
      boolean evictedAny = evictWhileOver(maximum - weight);
      resident.put(key, page);
      admit(page, !evictedAny);
      keepCeiling(page);
    }
    sampleInsert(key);
    return java.util.List.copyOf(evicted);
  }

  /**
   * A value of another weight written to a resident key, after the write's reference: the page weighs
   * {@code weight} now, and the cache evicts while over its maximum, or drops the page if it is heavier than it.
   *
   * @return the evicted keys, in order
   */
  public java.util.List<K> reweigh(K key, long weight) {
    evicted.clear();
    Page<K> page = resident.get(key);
    if (page.weight == weight) {
      return java.util.List.of();
    }
    addWeight(page, weight - page.weight);
    page.weight = weight;
    if (weight > maximum) {
      resident.remove(key);
      unlink(page);
      evicted.add(key);
      return java.util.List.copyOf(evicted);
    }
    evictWhileOver(maximum);
    keepCeiling(page);
    return java.util.List.copyOf(evicted);
  }

  /**
   * Sets the maximum at run time: the cold target's range follows, the ceiling rises to what the cache holds,
   * the history's capacity follows; then one step of evictions while over the new maximum; then, in a model
   * bounded by size, the trials' copies take their share of the new maximum.
   *
   * @return the evicted keys, in order
   */
  public java.util.List<K> setMaximum(long newMaximum) {
    evicted.clear();
    resize(newMaximum);
    evictWhileOver(maximum);
    keepCeiling(null);
    if (trials != null) {
      trials.setMaximum((int) Math.min(Integer.MAX_VALUE, newMaximum));
    }
    return java.util.List.copyOf(evicted);
  }

  /**
   * Sets the maximum as {@link #setMaximum} does, but evicts nothing: a trials' copy made smaller evicts its
   * excess over its next inserts.
   */
  void resize(long newMaximum) {
    applyMaximum(newMaximum);
    coldTarget = Math.max(minimumColdTarget, Math.min(maximumColdTarget, coldTarget));
    ceiling = Math.max(ceilingFloor(), residentWeight());
    resizeHistory(historyCapacityFor(newMaximum, averageWeight()));
  }

  /** Takes the trials' floor, if it has changed: the cold target's range follows and holds the target. */
  private void followFloorTrial() {
    if (trials != null && trials.floor() != floorPerMille) {
      floorPerMille = trials.floor();
      applyMaximum(maximum);
      coldTarget = Math.max(minimumColdTarget, Math.min(maximumColdTarget, coldTarget));
    }
  }

  /** Evicts as {@code cleanUp()} does: steps of {@link #setMaximum}'s eviction until within the maximum. */
  public java.util.List<K> cleanUp() {
    java.util.List<K> all = new java.util.ArrayList<>();
    while (residentWeight() > maximum && !resident.isEmpty()) {
      evicted.clear();
      evictWhileOver(maximum);
      keepCeiling(null);
      all.addAll(evicted);
    }
    return all;
  }

  private void applyMaximum(long newMaximum) {
    maximum = newMaximum;
    long floor = newMaximum <= Long.MAX_VALUE / 1000 ? newMaximum * floorPerMille / 1000
        : newMaximum / 1000 * floorPerMille;
    minimumColdTarget = Math.max(1, floor);
    maximumColdTarget = Math.max(minimumColdTarget, newMaximum - minimumColdTarget);
  }

  private long ceilingFloor() {
    return weighted ? 2 * maximum : maximum;
  }

  private void keepCeiling(Page<K> page) {
    if (residentWeight() > ceiling && page != null && resident.get(page.key) == page && !isPinned(page)) {
      resident.remove(page.key);
      unlink(page);
      evicted.add(page.key);
    }
    ceiling = Math.max(ceilingFloor(), Math.min(ceiling, residentWeight()));
  }

  /** Evicts while the resident weight is above {@code room}, at most {@link #MAXIMUM_EVICTIONS} in this call. */
  private boolean evictWhileOver(long room) {
    boolean evictedAny = false;
    while (residentWeight() > room && evicted.size() < MAXIMUM_EVICTIONS && !resident.isEmpty()) {
      examined = 0;
      best = null;
      bestCounter = Integer.MAX_VALUE;
      Page<K> victim = evict();
      if (victim == null) {
        break; // only pages of weight 0 within the scan limit
      }
      evicted.add(victim.key);
      evictedAny = true;
    }
    best = null;
    if (weighted && evictedAny) {
      resizeHistory(historyCapacityFor(maximum, averageWeight()));
    }
    return evictedAny;
  }

  /** The resident weight per page, at least 1; 1 where every page weighs 1. */
  private long averageWeight() {
    int count = hot.size() + cold.size();
    return count == 0 ? 1 : Math.max(1, residentWeight() / count);
  }

  private static int historyCapacityFor(long maximum, long averageWeight) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE - 8, maximum / averageWeight));
  }

  private void resizeHistory(int capacity) {
    long difference = Math.abs((long) capacity - historyCapacity);
    if (difference == 0 || (weighted && difference * HISTORY_STEPS <= historyCapacity)) {
      return;
    }
    long limit = (long) historyLimit * capacity / historyCapacity;
    historyCapacity = capacity;
    if (farHistory.isAllocated()) {
      if (ringLength >= capacity) {
        farHistory.allocate(capacity);
      } else {
        farHistory.release(); // made again when the ring grows to the new capacity, as at first
      }
    }
    limitDropWeight = Math.min(limitDropWeight, capacity - 1L);
    int least = Math.max(1, capacity / LEAST_HISTORY_DIVISOR);
    historyLimit = (int) Math.max(least, Math.min(capacity, Math.min(limit, Math.max(1, capacity))));
  }

  private void unlink(Page<K> page) {
    if (page.isHot()) {
      hot.remove(page);
      hotWeight -= page.weight;
    } else {
      cold.remove(page);
      coldWeight -= page.weight;
    }
  }

  private void addWeight(Page<K> page, long change) {
    if (page.isHot()) {
      hotWeight += change;
    } else {
      coldWeight += change;
    }
  }

  /** The trials' part of an insert: their pending samples, then the inserted key if it is sampled. */
  private void sampleInsert(K key) {
    if (trials != null) {
      trials.insert(fingerprint(key));
    }
  }

  /* ---------------- Admission ---------------- */

  private void admit(Page<K> page, boolean roomWasFree) {
    int hash = fingerprint(page.key);
    Ghost ghost = newestGhost.remove(hash);
    long ghostStamp = ghost != null ? ghost.stamp() : farHistory.take(hash);
    if (ghostStamp != FarHistoryModel.ABSENT) {
      if (inTestPeriod(ghostStamp)) {
        if (ghost != null && ghost.referenced()) {
          missedPromotion();
        }
        adjustColdTarget(page.weight);
        if (makeRoomInHot(ghostStamp, page.weight)) {
          placeHot(page);
          page.state = State.RETURNED;
        } else {
          placeCold(page, State.COLD_IN_TEST);
        }
        return;
      }
      adjustColdTarget(-page.weight);
    }
    if (roomWasFree && residentWeight() + page.weight <= maximum - minimumColdTarget) {
      placeHot(page);
    } else {
      placeCold(page, State.COLD_IN_TEST);
    }
  }

  /* ---------------- Eviction: the cold hand ---------------- */

  private Page<K> evict() {
    Page<K> victim = null;
    while (victim == null) {
      if (examined >= scanLimit) {
        victim = best;
        if (victim == null) {
          return null; // every page examined weighs 0
        }
        break;
      }
      if (cold.isEmpty()) {
        runHotHand();
        continue;
      }
      Page<K> page = cold.getFirst();
      examine(page);
      if (page.loading) {
        unlink(page); // a load in flight keeps its place: passed over like a referenced page
        placeCold(page, State.COLD_IN_TEST);
        continue;
      }
      if (isPinned(page)) {
        unlink(page); // weight 0: never evicted for size, passed over like a load in flight
        placeCold(page, State.COLD_IN_TEST);
        if (!hot.isEmpty() && examined < scanLimit) {
          runHotHand(); // a hot page demoted, so that a cold clock of such pages still yields a victim
        }
        continue;
      }
      if (page.state == State.DEMOTED) {
        if (page.counter > 0) {
          carryRegret(+1);
        }
        page.state = State.COLD;
      }
      if (page.state == State.COLD_IN_TEST && !inTestPeriod(page.stamp)) {
        page.state = State.COLD;
        adjustColdTarget(page.counter >= threshold ? page.weight : -page.weight);
      }
      if (page.counter < threshold) {
        if (page.counter > 0 && page.state == State.COLD_IN_TEST) {
          adjustColdTarget(page.weight);
        }
        victim = page;
      } else if (page.state == State.COLD_IN_TEST) {
        adjustColdTarget(page.weight);
        if (makeRoomInHot(page.stamp, page.weight)) {
          unlink(page);
          placeHot(page);
          page.state = State.PROMOTED;
        } else {
          unlink(page);
          placeCold(page, State.COLD_IN_TEST);
        }
      } else {
        unlink(page);
        placeCold(page, State.COLD_IN_TEST);
      }
    }
    boolean wasInTest = victim.state == State.COLD_IN_TEST && inTestPeriod(victim.stamp);
    resident.remove(victim.key);
    unlink(victim);
    if (wasInTest) {
      int droppedLive = remember(new Ghost(fingerprint(victim.key), victim.stamp, victim.counter > 0));
      for (int drop = 0; drop < droppedLive; drop++) {
        limitDropWeight += historyLimit;
        if (limitDropWeight >= historyCapacity) {
          limitDropWeight -= historyCapacity;
          adjustColdTarget(-averageWeight());
        }
      }
    }
    if (!hot.isEmpty()) {
      adjustColdTarget(-expireOlderThan(hot.getFirst().stamp) * averageWeight());
    }
    return victim;
  }

  /* ---------------- The hot hand ---------------- */

  /**
   * Runs the hot hand until the hot clock is below its share, demoting unreferenced pages. Refuses (returns
   * {@code false}) when the hand reaches a page newer than the candidate's stamp, or the scan limit.
   */
  private boolean makeRoomInHot(long candidateStamp, long weight) {
    while (!hot.isEmpty() && hotWeight + weight > maximum - coldTarget) {
      if (hot.getFirst().stamp > candidateStamp || examined >= scanLimit) {
        return false;
      }
      runHotHand();
    }
    return true;
  }

  /**
   * One step of the hot hand. A page referenced since the hand last passed is spared and moved to the head,
   * keeping up to the carry limit of its references; a page with carried references left is spared on them,
   * spending one; another is demoted.
   */
  private void runHotHand() {
    Page<K> page = hot.removeFirst();
    hotWeight -= page.weight;
    examine(page);
    boolean referencedSince = page.counter > page.carry;
    if (page.state == State.RETURNED) {
      int bar = referencedShare + RETURN_MARGIN;
      returnVerdict(page.counter > 0 ? WHOLE - bar : -bar);
    } else {
      referencedShare += Math.floorDiv((referencedSince ? WHOLE : 0) - referencedShare, SHARE_WINDOW);
    }
    if (referencedSince && page.sparedByCarry) {
      carryRegret(+1);
    }
    if (referencedSince || page.carry > 0) {
      int allowed = carries() ? carryLimit : 0;
      page.counter = referencedSince ? Math.min(page.counter - 1, allowed) : page.carry - 1;
      page.sparedByCarry = !referencedSince;
      if (!referencedSince) {
        sparesOnCarry++;
      }
      page.carry = page.counter;
      page.state = State.HOT;
      page.stamp = now++;
      hot.addLast(page);
      hotWeight += page.weight;
    } else {
      if (page.state == State.PROMOTED) {
        wastedPromotion();
      } else if (page.sparedByCarry) {
        carryRegret(-1);
      }
      placeCold(page, State.DEMOTED);
    }
  }

  /* ---------------- The history of non-resident pages ---------------- */

  /**
   * Records a ghost, first dropping old records down to below the limit (at most three); returns how many of the
   * dropped were live records of pages evicted unreferenced.
   */
  private int remember(Ghost ghost) {
    int droppedLive = 0;
    for (int drops = 0; drops < DROPS_PER_REMEMBER && history.size() >= historyLimit; drops++) {
      Ghost oldest = history.getFirst();
      if (dropOldestGhost()) {
        if (historyLimit == historyCapacity) {
          farHistory.add(oldest.hash(), oldest.stamp());
        }
        if (!oldest.referenced()) {
          droppedLive++;
        }
      }
    }
    if (history.size() == ringLength) {
      ringLength = (int) Math.max(ringLength + 1L, Math.min(historyCapacity, 2L * ringLength));
      if (keepsFarHistory && ringLength >= historyCapacity) {
        farHistory.allocate(historyCapacity);
      }
    }
    history.addLast(ghost);
    newestGhost.put(ghost.hash(), ghost);
    return droppedLive;
  }

  /**
   * A verdict on a returned page, in 256ths: 256 minus the bar if it was referenced since, minus the bar if not. A
   * positive sum argues for a longer history, a negative one for a shorter.
   */
  private void returnVerdict(int verdict) {
    returnVerdicts += verdict;
    if (Math.abs(returnVerdicts) >= VERDICTS_TO_MOVE_HISTORY * WHOLE) {
      int step = Math.max(1, historyCapacity / HISTORY_STEPS);
      int least = Math.max(1, historyCapacity / LEAST_HISTORY_DIVISOR);
      historyLimit = Math.max(least,
          Math.min(historyCapacity, historyLimit + Integer.signum(returnVerdicts) * step));
      returnVerdicts = 0;
    }
  }

  /** The most records the history keeps now. */
  public int historyLimit() {
    return historyLimit;
  }

  /** Drops up to {@link #EXPIRIES_PER_EVICTION} records older than the stamp; returns how many were live. */
  private int expireOlderThan(long stamp) {
    int live = 0;
    for (int i = 0; i < EXPIRIES_PER_EVICTION && !history.isEmpty(); i++) {
      if (history.getFirst().stamp() >= stamp) {
        break;
      }
      if (dropOldestGhost()) {
        live++;
      }
    }
    return live;
  }

  private boolean dropOldestGhost() {
    Ghost oldest = history.removeFirst();
    if (newestGhost.get(oldest.hash()) == oldest) {
      newestGhost.remove(oldest.hash());
      return true;
    }
    return false;
  }

  /**
   * The history identifies a key by its fingerprint alone: keys with equal fingerprints share one record. A
   * {@code Long}'s hash code XORs its two halves; its fingerprint XORs the low half with the MurmurHash3 32-bit
   * finalizer of the high half, which is the hash code again when the high half is zero. This is the cache's hash
   * with the seed 0; a cache with another seed mixes it into the high half (keys below 2^32 keep their hash code
   * whatever the seed), so a lockstep replay with such keys builds its cache with the seed 0.
   */
  private int fingerprint(K key) {
    if (!(key instanceof Long)) {
      return hashFunction.applyAsInt(key);
    }
    long bits = (Long) key;
    int mixed = (int) (bits >>> 32);
    mixed ^= mixed >>> 16;
    mixed *= 0x85EBCA6B;
    mixed ^= mixed >>> 13;
    mixed *= 0xC2B2AE35;
    mixed ^= mixed >>> 16;
    return (int) bits ^ mixed;
  }

  /* ---------------- Small steps ---------------- */

  /** Counts an examined page and keeps the best candidate: the lowest counter, a load in flight only if all are. */
  private void examine(Page<K> page) {
    examined++;
    if (isPinned(page)) {
      return; // never a victim
    }
    int rank = page.loading ? MAXIMUM_COUNTER + 1 : page.counter;
    if (rank < bestCounter) {
      best = page;
      bestCounter = rank;
    }
  }

  /** Whether a page weighs 0 in a weighted model: it is never evicted for size (a load in flight is not). */
  private boolean isPinned(Page<K> page) {
    return weighted && !page.loading && page.weight == 0;
  }

  private boolean inTestPeriod(long stamp) {
    return hot.isEmpty() || stamp > hot.getFirst().stamp;
  }

  private void placeHot(Page<K> page) {
    page.counter = 0;
    page.carry = 0;
    page.sparedByCarry = false;
    page.stamp = now++;
    page.state = State.HOT;
    hot.addLast(page);
    hotWeight += page.weight;
  }

  private void placeCold(Page<K> page, State state) {
    page.counter = 0;
    page.carry = 0;
    page.sparedByCarry = false;
    page.stamp = now++;
    page.state = state;
    cold.addLast(page);
    coldWeight += page.weight;
  }

  private void adjustColdTarget(long delta) {
    coldTarget = Math.max(minimumColdTarget, Math.min(maximumColdTarget, coldTarget + delta));
  }

  private void wastedPromotion() {
    missedPromotions = 0;
    threshold = Math.min(MAXIMUM_THRESHOLD, threshold + 1);
  }

  /** A regret for the carry limit: +1 argues for raising it, -1 for lowering it. */
  private void carryRegret(int direction) {
    carryRegrets += direction;
    if (Math.abs(carryRegrets) >= REGRETS_TO_CHANGE_CARRY) {
      carryLimit = Math.max(0, Math.min(MAXIMUM_CARRY, carryLimit + Integer.signum(carryRegrets)));
      carryRegrets = 0;
    }
  }

  private void missedPromotion() {
    missedPromotions++;
    if (missedPromotions >= MISSED_PROMOTIONS_TO_LOWER) {
      missedPromotions = 0;
      threshold = Math.max(1, threshold - 1);
    }
  }
}
