package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * The CLOCK-Pro replacement decisions: which entry to evict, which to promote to the hot clock and which to
 * demote, and how the cold target adapts.
 *
 * <p>Not thread-safe. Every method runs under the cache's eviction lock, except {@link #prefetch} and
 * {@link #peekColdHand}, which only read and may run without it; the policy never touches the map and calls no
 * user code: it uses the key hash each node took when it was made. {@code docs/design.md} describes
 * the algorithm and every deviation from the paper.
 *
 * <h2>Design</h2>
 * The paper keeps hot, cold and non-resident pages in one clock ordered by recency, with three hands. Here the
 * hot and the resident cold pages each have their own clock, and the non-resident pages a FIFO of key hashes.
 * What the single clock expresses by position, this class expresses with a logical time, the <em>stamp</em>:
 * every time a page is placed at the head of the paper's list (admitted, promoted, demoted, or spared by a
 * hand), it gets the next stamp. Each of our clocks is ordered by stamp from its hand, so
 * <ul>
 *   <li>the hot hand points to the hot page with the largest recency, as in the paper; and
 *   <li>a cold page, resident or not, is in its test period exactly while its stamp is newer than the stamp of
 *       the page under the hot hand: in the paper's clock, the hot hand has not yet passed it.
 * </ul>
 * Test periods therefore end without any hand visiting cold pages; the policy notices lazily, when a hand or a
 * miss meets the page.
 *
 * <h2>The rules</h2>
 * <ul>
 *   <li>Miss while the cache fills: the page becomes hot until only the minimum cold allocation is free, then
 *       cold and in test.
 *   <li>Miss on a key in its test period (its hash in the history with a stamp the hot hand has not passed, or
 *       in the far history with its generation's first stamp not passed; see {@link FarHistory}):
 *       the cold target grows by one, and the page becomes hot if the hot hand can demote an unreferenced hot
 *       page older than it (see {@link #makeRoomInHot}); otherwise it becomes cold and in test.
 *   <li>Any other miss: the page becomes cold and in test.
 *   <li>Cold hand, a load in flight (a placeholder): passed over, placed at the head like a referenced page
 *       not in test; it is evicted only as the best candidate at the scan limit, when every entry examined is
 *       a load in flight.
 *   <li>Cold hand, referenced page in test: promoted as above. Referenced page not in test: kept cold, placed
 *       at the head and given a new test period. Unreferenced page: evicted; if it was in test its hash joins
 *       the history.
 *   <li>Hot hand, page referenced since the hand last passed: placed at the head, its counter cut to one less
 *       than it was and to at most the <em>carry</em> allowed (see below). Page not referenced since but holding
 *       carried references: placed at the head, spending one of them. Otherwise: demoted to cold (not in test).
 *   <li>A test period that ends unreferenced shrinks the cold target by one; one that ends referenced grows it.
 *       A cold page that the cold hand evicts in its test period with references, if fewer than the promotion
 *       threshold, was referenced in its test period all the same, and grows it too. A live history record of a
 *       page evicted unreferenced that the history's limit drops counts as a test period ended unreferenced,
 *       weighted by the share of the paper's history length that the limit keeps (see {@link #countLimitDrops});
 *       one of a page evicted with references counts nothing, since that page grew the target when it left.
 * </ul>
 * "Referenced" means a reference counter at or above the <em>promotion threshold</em> for a cold page, and above
 * the references the hand carried over for a hot page. With a carry limit of 0 the hot hand is the paper's.
 *
 * <h2>The adaptive history length</h2>
 * The paper keeps up to {@code maximumSize} non-resident pages. Here the history's limit starts there and follows
 * the workload, by what becomes of the pages a history hit made hot (status {@link Node#RETURNED}), judged when
 * the hot hand first reaches one, against the hot pages it displaced:
 * <ul>
 *   <li>the hand keeps the <em>referenced share</em>: how often the other hot pages it examines were referenced
 *       since it last passed them, a moving average over about the last 32 of them;
 *   <li>a returned page referenced since it was made hot counts {@code 1 - bar}, one not referenced counts
 *       {@code -bar}, where the bar is that share plus {@link #RETURN_MARGIN}: a return pays only where returned
 *       pages are reused clearly more often than the pages they displace.
 * </ul>
 * A net {@link #RETURN_REGRETS_TO_CHANGE} of one sign moves the limit by a sixteenth of {@code maximumSize},
 * between an eighth of it ({@link #MINIMUM_HISTORY_DIVISOR}) and all of it. On a stationary skewed workload
 * whose keys spread far beyond the cache, and on uniform keys, a returned page is no better than the hot page it
 * displaced: a shorter history keeps the hit rate and spares the misses its work. Where popular keys move on, a
 * returning key is usually one of the new popular keys, and the history stays as long as the paper's (measured in
 * docs/decisions.md).
 *
 * <h2>The adaptive promotion threshold</h2>
 * The promotion threshold starts at {@link #INITIAL_PROMOTION_THRESHOLD} and follows the workload:
 * <ul>
 *   <li>a <em>wasted promotion</em> (a page the cold hand promoted that the hot hand then demotes without a
 *       reference since) raises it by one, up to {@link #MAX_PROMOTION_THRESHOLD};
 *   <li>a <em>missed promotion</em> (a key evicted with a counter above zero but below the threshold, and
 *       inserted again within its test period) counts towards lowering it by one, down to 1, after
 *       {@link #MISSED_PROMOTIONS_TO_LOWER} of them.
 * </ul>
 *
 * <h2>The adaptive carry</h2>
 * The paper's hot hand gives a page one revolution to be referenced again, however often it was referenced in the
 * last: on a stationary skewed workload it demotes popular pages that merely had a quiet revolution. Carrying
 * references over lets a page that was referenced {@code n} times survive up to {@code n - 1} quiet revolutions,
 * which is a reference count with aging; on a shifting workload it keeps stale pages hot. The carry limit starts at 0
 * and follows the workload by the pages' regrets:
 * <ul>
 *   <li>a page kept hot on its carry alone and then referenced again (the carry paid), or a demoted page
 *       referenced again before the cold hand reaches it (demoted too early), argues for raising it;
 *   <li>a page kept hot on its carry alone and then demoted without a reference (the carry was wasted) argues
 *       for lowering it.
 * </ul>
 * {@link #CARRY_REGRETS_TO_CHANGE} net regrets of one kind move it by one, between 0 and {@link #MAX_CARRY}.
 * The regrets alone do not tell a stationary workload from one whose popular keys drift: there, pages paid
 * for their carry for a while before it was wasted, and carrying loses hit rate against no carry. So whether
 * the hand carries at all is a switch the policy is given ({@link #carrySwitch}): for the cache, a
 * {@link CarryTrial}, a verdict of the {@link Trials}, which replay a sample of the accesses through small copies of
 * this policy, one switched on and one off, and answers with the one that hits more.
 * A hot page's status records its carry ({@link Node#carry()}), so that the hand can tell new references from
 * carried ones.
 *
 * <h2>Weights</h2>
 * Every size above is a weight: the resident weight against {@link #maximum}, the hot weight against
 * {@code maximum - coldTarget}, the cold target and its range, each adaptation "by one" by the weight of the page
 * concerned (or, for a history record or a load in flight, the resident average weight), the history's capacity as
 * the records of the resident average weight that {@code maximum} holds. Where every node weighs 1 this is the
 * paper's count, decision for decision. docs/design.md, "Weights", says why each rule is what it is.
 *
 * <h2>Bounded work</h2>
 * One eviction examines at most {@link #scanLimit} entries across both hands, and one call of {@link #admit},
 * {@link #reweigh} or {@link #evictExcess} makes at most {@link #MAXIMUM_EVICTIONS} of them (one where every node
 * weighs 1), plus, to keep the {@link #ceiling}, the eviction of the node it admitted or reweighed. If the limit is
 * reached before an unreferenced cold entry is found, the entry with the lowest counter among those examined
 * is evicted instead, whichever clock it is in; a promotion that cannot finish within the limit is refused.
 * The history's work is O(1) per call too: at most {@link #DROPS_PER_EVICTION} entries are dropped per eviction, and
 * the insertion of the victim's hash drops at most {@link History#MAXIMUM_DROPS_PER_ADD} old ones.
 *
 * <h2>Reachability</h2>
 * The policy holds no node once it has left the rings: {@link Ring#remove} clears the node's ring links, the
 * history keeps hashes only, and {@link #best}, the scan's best candidate, is cleared before {@link #admit}
 * returns. Before that was so, the candidate of the last scan, usually the victim, stayed referenced until the
 * next eviction; and since a removed node keeps its link in its table bin for lock-free readers (see
 * {@link NodeTable}), it kept every node after it in its old bin reachable too, values included, whether those
 * were later removed or not.
 */
final class ClockProPolicy<K, V> {

  /** Non-resident entries whose test period ended that one eviction removes from the history at most. */
  static final int DROPS_PER_EVICTION = 2;

  /** The paper's floor of the cold target: a hundredth of the maximum, in thousandths. */
  static final int DEFAULT_FLOOR_PER_MILLE = 10;

  private static final VarHandle SCAN_LIMIT_REACHED_COUNT;
  private static final VarHandle PROMOTION_COUNT;
  private static final VarHandle DEMOTION_COUNT;
  private static final VarHandle HISTORY_HIT_COUNT;
  private static final VarHandle MAXIMUM;
  private static final VarHandle HOT_WEIGHT;
  private static final VarHandle COLD_WEIGHT;
  private static final VarHandle EVICTION_WEIGHT;
  private static final VarHandle UNSCANNED_EVICTION_COUNT;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      SCAN_LIMIT_REACHED_COUNT = lookup.findVarHandle(ClockProPolicy.class, "scanLimitReachedCount", long.class);
      PROMOTION_COUNT = lookup.findVarHandle(ClockProPolicy.class, "promotionCount", long.class);
      DEMOTION_COUNT = lookup.findVarHandle(ClockProPolicy.class, "demotionCount", long.class);
      HISTORY_HIT_COUNT = lookup.findVarHandle(ClockProPolicy.class, "historyHitCount", long.class);
      MAXIMUM = lookup.findVarHandle(ClockProPolicy.class, "maximum", long.class);
      HOT_WEIGHT = lookup.findVarHandle(ClockProPolicy.class, "hotWeight", long.class);
      COLD_WEIGHT = lookup.findVarHandle(ClockProPolicy.class, "coldWeight", long.class);
      EVICTION_WEIGHT = lookup.findVarHandle(ClockProPolicy.class, "evictionWeight", long.class);
      UNSCANNED_EVICTION_COUNT = lookup.findVarHandle(ClockProPolicy.class, "unscannedEvictionCount", long.class);
    } catch (ReflectiveOperationException failure) {
      throw new ExceptionInInitializerError(failure);
    }
  }

  /**
   * The promotion threshold a new cache starts with. Two references while cold, not one: a page referenced in a
   * short burst and then not for a long time (the cs trace is full of them) must not displace a hot page. The
   * threshold falls to 1 when the workload shows it is too strict. Measured in docs/decisions.md.
   */
  static final int INITIAL_PROMOTION_THRESHOLD = 2;

  /**
   * The highest promotion threshold. A page's counter restarts at 0 each time it is placed at a head, and a page
   * spends little time in the cold clock when the cold target is small, so few pages gather three references
   * there: with the threshold at 3 or more the cold hand promotes almost nothing, and every hot page comes from
   * the history. On a trace whose popular keys shift (orm-busy) wasted promotions drove the threshold that high,
   * and the hit rate fell below that of a threshold held at 2 or below (docs/decisions.md, "The promotion threshold
   * rises no higher than 2").
   */
  static final int MAX_PROMOTION_THRESHOLD = 2;

  /**
   * Missed promotions needed to lower the threshold by one. Evidence for lowering arrives within a test period,
   * evidence for raising only when the hot hand comes round, so lowering waits for more of it.
   */
  static final int MISSED_PROMOTIONS_TO_LOWER = 4;

  /** The largest carry limit: one below the counter's maximum, so that a reference on top of a carry shows. */
  static final int MAX_CARRY = Node.MAX_REFERENCE_COUNT - 1;

  /** Net regrets, of one kind over the other, that move the carry limit by one. */
  static final int CARRY_REGRETS_TO_CHANGE = 4;

  /**
   * Net regrets, in units of one whole verdict, of paid returns over wasted ones or the reverse, that move the
   * history's limit by one step.
   */
  static final int RETURN_REGRETS_TO_CHANGE = 16;

  /** One, in the fixed point of the referenced share and of the return verdicts: 256ths. */
  static final int SHARE_ONE = 256;

  /** The referenced share moves {@code 1 / 2^REFERENCED_SHARE_SHIFT} of the way to each new page's verdict. */
  static final int REFERENCED_SHARE_SHIFT = 5;

  /**
   * How much more often than the other hot pages a returned page must be referenced for returns to pay, in
   * {@link #SHARE_ONE}ths: about a tenth. Where returned pages are no better than the pages they displace, as on
   * uniform keys, the verdicts then lean to wasted, and the history shortens.
   */
  static final int RETURN_MARGIN = 26;

  /** The history's limit is at least {@code historyCapacity / MINIMUM_HISTORY_DIVISOR} (and at least 1). */
  static final int MINIMUM_HISTORY_DIVISOR = 8;

  /** One step of the history's limit is {@code historyCapacity / HISTORY_STEPS} (at least 1). */
  static final int HISTORY_STEPS = 16;

  /** The most entries one call evicts: {@link io.github.clockpro.CacheBuilder#MAXIMUM_EVICTIONS_PER_OPERATION}. */
  static final int MAXIMUM_EVICTIONS = io.github.clockpro.CacheBuilder.MAXIMUM_EVICTIONS_PER_OPERATION;

  /*
   * Field order. Each call of admit writes a handful of this object's fields under the eviction lock, and with two
   * writers each such cache line crosses between the processors on the next call of the other (docs/decisions.md,
   * "The eviction lock's two modes are the machine's"). HotSpot lays out fields by size (longs, then ints, then
   * booleans, then references), in declaration order within each size; so the fields are declared in groups:
   * the longs read far more often than written first, then the longs a miss may write, those it writes every
   * time last; the ints a miss writes every time first, then the rest; and the one reference written every time,
   * best, first among the references (scanLimit, a constant, comes first among the ints, since the first int fills
   * the gap after the object header). The fields every admit writes then lie within about 100 bytes, two or
   * three cache lines instead of four or five (PolicyLayoutTest checks the span on the running JVM).
   */

  /**
   * The bound: the most resident weight, which is the most resident entries where every entry weighs 1 (see
   * "Weights"). Written under the eviction lock with opaque stores ({@link #setMaximum}); read there plainly, and
   * without the lock by the policy view with opaque loads.
   */
  private long maximum;
  /**
   * The cold target's floor, {@link #floorPerMille} thousandths of {@link #maximum} (at least 1): a hundredth unless
   * the floor switch says otherwise; follows {@link #setMaximum} and the switch. Written under the eviction lock;
   * read without it, racily, by {@code policy().coldTargetFloor()}, as the cold target is.
   */
  private long minimumColdTarget;
  /** The cold target's ceiling, {@link #maximum} less {@link #minimumColdTarget}; follows {@link #setMaximum}. */
  private long maximumColdTarget;
  /**
   * The most resident weight allowed after any call: {@link #ceilingFloor()}, or after {@link #setMaximum} shrank
   * the maximum, the resident weight then, falling with the resident weight as evictions repay the excess, down to
   * the floor. A call that would leave more evicts the entry it admitted or reweighed. Guarded by the eviction
   * lock; written only when it changes, so that a call at the floor leaves its line unwritten.
   */
  private long ceiling;
  /*
   * The policy's event counts. Written only under the eviction lock, with opaque stores; read without a lock, with
   * opaque loads, by the statistics and the policy view (the package's access-mode rule).
   */
  /** Entries evicted without a scan: heavier than the whole cache, or evicted to keep {@link #ceiling}. */
  private long unscannedEvictionCount;
  private long scanLimitReachedCount;
  private long promotionCount;
  private long demotionCount;
  private long historyHitCount;
  /**
   * The weight of live records dropped by the history's limit not yet counted against the cold target, in
   * {@code 1 / historyCapacity}ths of a step: below {@code historyCapacity} between calls (see
   * {@link #countLimitDrops}).
   */
  private long limitDropCredit;
  /** The resident cold weight the policy aims for; the rest of the cache is hot. */
  private long coldTarget;
  /** The logical time: the stamp the next page placed at a head receives. */
  private long now;
  /*
   * The resident weight of each ring: its entry count where every entry weighs 1. Written under the eviction lock
   * with opaque stores, read there plainly and without the lock by the policy view with opaque loads.
   */
  private long hotWeight;
  private long coldWeight;
  /**
   * The weight of the evicted entries, as the policy counted it when they left; an event count, as those above.
   */
  private long evictionWeight;

  /**
   * The most entries one eviction may examine. The first int declared: HotSpot puts it in the gap after the
   * object header, away from the ints a miss writes.
   */
  private final int scanLimit;
  /** The number of {@link #victims} of the current call. */
  private int victimCount;
  /** Entries examined so far by the current call of {@link #admit}. */
  private int examined;
  /** The rank of {@link #best} (see {@link #examine}). */
  private int bestRank;
  /** The counter value that marks a page as referenced: the adaptive promotion threshold. */
  private int promotionThreshold = INITIAL_PROMOTION_THRESHOLD;
  /**
   * Missed promotions seen since the threshold last changed; it is lowered after
   * {@link #MISSED_PROMOTIONS_TO_LOWER}.
   */
  private int missedPromotions;
  /** The most references the hot hand carries over into a spared page's next revolution: the adaptive carry. */
  private int carryLimit;
  /** Signals to raise the carry limit minus signals to lower it, since it last changed. */
  private int carryRegrets;
  /**
   * The weighted verdicts on returned pages since the history's limit last changed, in {@link #SHARE_ONE}ths:
   * positive where returns paid more than the margin asks.
   */
  private int returnRegrets;
  /**
   * The referenced share: the share of hot pages other than returned ones that the hot hand found referenced since
   * it last passed, in {@link #SHARE_ONE}ths, a moving average. Starts at 0, so early returns pay when referenced.
   */
  private int referencedShare;
  /**
   * The most records the history may hold: {@link #maximum} where every entry weighs 1; in a weighted cache, the
   * number of entries of the resident average weight that {@link #maximum} holds (see "Weights").
   */
  private int historyCapacity;
  /** The shortest history limit: {@code historyCapacity / MINIMUM_HISTORY_DIVISOR}, at least 1. */
  private int minimumHistoryLimit;
  /** How far one step moves the history limit: {@code historyCapacity / HISTORY_STEPS}, at least 1. */
  private int historyStep;
  /** The floor in force, in thousandths of {@link #maximum}. */
  private int floorPerMille;
  /** Whether entries have weights of their own; if not, every node weighs 1 and no estimate is ever needed. */
  private final boolean weighted;

  /**
   * The best eviction candidate examined by the current call of {@link #admit}, ranked by {@link #bestRank};
   * {@code null} outside that call (see "Reachability").
   */
  private Node<K, V> best;
  /**
   * The entries the current call evicted, already unlinked, for the caller to take with {@link #takeVictim};
   * {@code null} elsewhere (see "Reachability"). One more slot than {@link #MAXIMUM_EVICTIONS}: the entry a call
   * admitted or reweighed, if it must leave too.
   */
  private final Node<K, V>[] victims;
  /**
   * The nodes whose monitor a compute's user code holds, or {@code null}: an eviction passes over them, since
   * retiring a victim takes its monitor under the eviction lock (see {@link ComputesInFlight}). Thread-safe.
   */
  private final ComputesInFlight computes;
  /** Whether the hot hand may carry references now; read on each spare of a referenced hot page. */
  private final BooleanSupplier carrySwitch;
  /** The cold target's floor in thousandths of {@link #maximum}, read on each call of {@link #admit}. */
  private final IntSupplier floorSwitch;

  private final Ring<K, V> hot = new Ring<>();
  private final Ring<K, V> cold = new Ring<>();
  private final History history;

  /**
   * The calls of {@link #admit} that evicted, by the entries each examined: the eviction count, the entries
   * examined and the longest scan, read without the lock by the statistics.
   */
  private final ScanLengths scanLengths;

  /**
   * The policy of a carry trial's copy: bounded by size, every entry weighs 1, the paper's floor, no far history
   * (see {@link Trials}).
   *
   * @param maximumSize the most resident entries; at least 1
   * @param scanLimit the most entries one eviction may examine; at least 1
   * @param seed randomises the layout of the non-resident table, never its contents
   * @param carrySwitch whether the hot hand may carry references over, asked each time it spares a page
   */
  ClockProPolicy(int maximumSize, int scanLimit, int seed, BooleanSupplier carrySwitch) {
    this(maximumSize, false, scanLimit, seed, carrySwitch, () -> DEFAULT_FLOOR_PER_MILLE, false, null);
  }

  /**
   * @param maximum the most resident weight; at least 0, and at most {@link Integer#MAX_VALUE} unless weighted
   * @param weighted whether nodes have weights of their own ({@link Node#weight()})
   * @param scanLimit the most entries one eviction may examine; at least 1
   * @param seed randomises the layout of the non-resident table, never its contents
   * @param carrySwitch whether the hot hand may carry references over, asked each time it spares a page
   * @param floorSwitch the cold target's floor in thousandths of the maximum, asked on each call of {@link #admit}
   * @param keepsFarHistory whether the history keeps a {@link FarHistory}: the cache's policy does, the trials'
   *     copies do not (see {@link Trials})
   * @param computes the nodes a compute holds, which no eviction may choose: the cache's; {@code null} for the
   *     trials' copies, whose nodes nothing else locks
   */
  @SuppressWarnings("unchecked")
  ClockProPolicy(long maximum, boolean weighted, int scanLimit, int seed, BooleanSupplier carrySwitch,
      IntSupplier floorSwitch, boolean keepsFarHistory, ComputesInFlight computes) {
    this.weighted = weighted;
    this.computes = computes;
    this.floorSwitch = floorSwitch;
    this.floorPerMille = floorSwitch.getAsInt();
    this.scanLimit = scanLimit;
    this.scanLengths = new ScanLengths(scanLimit);
    this.carrySwitch = carrySwitch;
    this.victims = (Node<K, V>[]) new Node<?, ?>[MAXIMUM_EVICTIONS + 1];
    this.historyCapacity = historyCapacityFor(maximum, 1);
    this.history = new History(historyCapacity, seed, keepsFarHistory);
    applyMaximum(maximum);
    this.coldTarget = minimumColdTarget;
    this.ceiling = ceilingFloor();
    this.minimumHistoryLimit = Math.max(1, historyCapacity / MINIMUM_HISTORY_DIVISOR);
    this.historyStep = Math.max(1, historyCapacity / HISTORY_STEPS);
  }

  /**
   * Links a node that was just added to the map, first evicting while the cache has no room for its weight, at
   * most {@link #MAXIMUM_EVICTIONS} entries. A node heavier than the whole cache is not linked: it is the one
   * victim. If the cache is still above {@link #ceiling} once the node is linked, the node is evicted too.
   *
   * @return the number of victims, already unlinked, which the caller takes with {@link #takeVictim} and must
   *     remove from the map; 0 or 1 where every entry weighs 1
   */
  int admit(Node<K, V> node) {
    int floor = floorSwitch.getAsInt();
    if (floor != floorPerMille) {
      floorPerMille = floor;
      applyMaximum(maximum);
      coldTarget = Math.max(minimumColdTarget, Math.min(maximumColdTarget, coldTarget));
    }
    victimCount = 0;
    examined = 0;
    long weight = node.weight();
    if (weight > maximum) {
      evictUnscanned(node); // heavier than the whole cache: never linked
      return victimCount;
    }
    boolean evicted = evictWhileOver(maximum - weight);
    place(node, !evicted);
    best = null; // the candidate, often the victim, must not stay reachable from here: see "Reachability"
    if (evicted) {
      // Statistics describe evictions, as the observer does. An insert into a cache with room evicts nothing
      // but may still run the hot hand to promote a returning key; that work has the same bound and is not
      // counted here. The last eviction's scan is recorded here, with the placement's work; earlier ones were
      // recorded as they ended.
      scanLengths.record(examined);
    }
    keepCeiling(node);
    return victimCount;
  }

  /**
   * Changes the weight the policy counts for a linked node whose value was replaced, then evicts while the cache is
   * over its maximum, as {@link #admit} does: at most {@link #MAXIMUM_EVICTIONS} entries, the node itself if it is
   * now heavier than the whole cache or the cache is above {@link #ceiling}.
   *
   * @return the number of victims, as for {@link #admit}
   */
  int reweigh(Node<K, V> node, int weight) {
    victimCount = 0;
    long change = (long) weight - node.weight();
    node.setWeight(weight);
    addWeight(node, change);
    if (weight > maximum && !isComputing(node)) {
      remove(node);
      evictUnscanned(node);
      return victimCount;
    }
    if (evictWhileOver(maximum)) {
      scanLengths.record(examined);
    }
    keepCeiling(node);
    return victimCount;
  }

  /**
   * Evicts while the cache is over its maximum, at most {@link #MAXIMUM_EVICTIONS} entries: one step of
   * {@code cleanUp()}, and the work a shrinking {@link #setMaximum} does at once.
   *
   * @return the number of victims, as for {@link #admit}
   */
  int evictExcess() {
    victimCount = 0;
    if (evictWhileOver(maximum)) {
      scanLengths.record(examined);
    }
    keepCeiling(null);
    return victimCount;
  }

  /** Whether the resident weight is over the maximum; see {@link #evictExcess}. */
  boolean isOverMaximum() {
    return hotWeight + coldWeight > maximum && hot.size() + cold.size() > 0;
  }

  /**
   * Sets the bound at run time and scales what follows from it: the cold target's range, the history's capacity
   * and limit, the {@link #ceiling}. Evicts nothing: the caller calls {@link #evictExcess} next.
   *
   * @param newMaximum at least 1; at most {@link Integer#MAX_VALUE} unless weighted
   */
  void setMaximum(long newMaximum) {
    applyMaximum(newMaximum);
    coldTarget = Math.max(minimumColdTarget, Math.min(maximumColdTarget, coldTarget));
    ceiling = Math.max(ceilingFloor(), hotWeight + coldWeight);
    resizeHistory(historyCapacityFor(newMaximum, averageWeight()));
  }

  /** Takes the victim at {@code index} of the current call, clearing its slot (see "Reachability"). */
  Node<K, V> takeVictim(int index) {
    Node<K, V> victim = victims[index];
    victims[index] = null;
    return victim;
  }

  /** Sets {@link #maximum} and what follows from it alone. */
  private void applyMaximum(long newMaximum) {
    MAXIMUM.setOpaque(this, newMaximum);
    long floor = newMaximum <= Long.MAX_VALUE / 1000 ? newMaximum * floorPerMille / 1000
        : newMaximum / 1000 * floorPerMille;
    minimumColdTarget = Math.max(1, floor);
    maximumColdTarget = Math.max(minimumColdTarget, newMaximum - minimumColdTarget);
  }

  /**
   * Evicts while the resident weight is above {@code room}, at most {@link #MAXIMUM_EVICTIONS} entries in all for
   * the current call, each examining at most {@link #scanLimit}. The scan of each eviction but the last is
   * recorded here; the caller records the last, which {@link #examined} still holds, once it has finished the
   * work that belongs to it. Returns whether it evicted.
   */
  private boolean evictWhileOver(long room) {
    boolean first = true;
    int lastScan = 0;
    while (hotWeight + coldWeight > room && victimCount < MAXIMUM_EVICTIONS && hot.size() + cold.size() > 0) {
      examined = 0;
      best = null;
      bestRank = Integer.MAX_VALUE;
      Node<K, V> victim = evict();
      if (victim == null) {
        break; // only entries of weight 0 within the scan limit: see evict
      }
      if (!first) {
        scanLengths.record(lastScan);
      }
      first = false;
      lastScan = examined;
      victims[victimCount++] = victim;
      EVICTION_WEIGHT.setOpaque(this, evictionWeight + victim.weight());
    }
    examined = lastScan; // the last eviction's scan, for the caller to record; 0 if nothing was evicted
    best = null;
    if (weighted && !first) {
      resizeHistory(historyCapacityFor(maximum, averageWeight()));
    }
    return !first;
  }

  /**
   * Evicts {@code node}, already unlinked or never linked, without a scan: it is heavier than the cache, or must
   * leave to keep the {@link #ceiling}.
   */
  private void evictUnscanned(Node<K, V> node) {
    victims[victimCount++] = node;
    EVICTION_WEIGHT.setOpaque(this, evictionWeight + node.weight());
    UNSCANNED_EVICTION_COUNT.setOpaque(this, unscannedEvictionCount + 1);
  }

  /**
   * Keeps the resident weight at or below {@link #ceiling} at the end of a call, evicting the node the call
   * admitted or reweighed if it must, and lowers the ceiling as the resident weight falls towards the maximum.
   */
  private void keepCeiling(Node<K, V> node) {
    long resident = hotWeight + coldWeight;
    if (resident > ceiling && node != null && node.status != Node.UNLINKED && !isPinned(node)
        && !isComputing(node)) {
      remove(node);
      evictUnscanned(node);
      resident = hotWeight + coldWeight;
    }
    long newCeiling = Math.max(ceilingFloor(), Math.min(ceiling, resident));
    if (newCeiling != ceiling) { // unchanged at the floor, the usual case: leave the line unwritten (see "Field order")
      ceiling = newCeiling;
    }
  }

  /**
   * The lowest {@link #ceiling}: the maximum where every entry weighs 1, since an insert then needs one eviction
   * only; twice the maximum (saturating) in a weighted cache, where one heavy insert may need more room than
   * {@link #MAXIMUM_EVICTIONS} evictions free.
   */
  long ceilingFloor() {
    long current = maximum();
    return !weighted ? current : current > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * current;
  }

  /**
   * The resident weight per entry, at least 1: exactly 1 where every entry weighs 1. Stands in for a weight the
   * policy does not know: of a history record, and of a load in flight.
   */
  private long averageWeight() {
    long count = hot.size() + cold.size();
    return count == 0 ? 1 : Math.max(1, (hotWeight + coldWeight) / count);
  }

  /** The history records that hold as much as {@code maximum} at {@code averageWeight} per entry. */
  private static int historyCapacityFor(long maximum, long averageWeight) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE - 8, maximum / averageWeight));
  }

  /**
   * Moves the history's capacity to {@code capacity} and scales its limit, minimum and step with it. In a weighted
   * cache the capacity follows the resident average weight; it moves only when that changes it by more than a
   * sixteenth, so that the limit, scaled in whole records, does not drift.
   */
  private void resizeHistory(int capacity) {
    long difference = Math.abs((long) capacity - historyCapacity);
    if (difference == 0 || (weighted && difference * HISTORY_STEPS <= historyCapacity)) {
      return;
    }
    long limit = (long) history.limit() * capacity / historyCapacity;
    historyCapacity = capacity;
    minimumHistoryLimit = Math.max(1, capacity / MINIMUM_HISTORY_DIVISOR);
    historyStep = Math.max(1, capacity / HISTORY_STEPS);
    limitDropCredit = Math.min(limitDropCredit, capacity - 1L);
    history.setCapacity(capacity);
    history.setLimit((int) Math.max(minimumHistoryLimit, Math.min(capacity, limit)));
  }

  /** Adds {@code change} to the weight of the ring that holds {@code node}. */
  private void addWeight(Node<K, V> node, long change) {
    if (node.isHot()) {
      HOT_WEIGHT.setOpaque(this, hotWeight + change);
    } else {
      COLD_WEIGHT.setOpaque(this, coldWeight + change);
    }
  }

  /**
   * The weight of a page for the cold target's adaptation: its own, or for a load in flight in a weighted cache,
   * whose weight is not known yet, the resident average. 1 where every entry weighs 1.
   */
  private long adaptationWeight(Node<K, V> node) {
    return weighted && node.loading ? averageWeight() : node.weight();
  }

  /**
   * Reads, without the eviction lock, the memory that admitting a node with this hash will most likely touch
   * first, so that the critical section finds it in the processor's cache: the likely victim {@code candidate}
   * (the node under the cold hand, from {@link #peekColdHand}) and the one after it, the node under the hot hand,
   * and the history's table slots for the new hash, the candidate's hash and the oldest record. These are
   * scattered lines of a large heap; read in the critical section one after another, their misses were a large
   * part of it. Read here together, before the lock, they overlap each other, and the lock is held for less time.
   *
   * <p>Returns the sum of the values read. It means nothing, but the caller must use it (compare it with
   * something), or the JIT would discard the loads as dead. The reads race with the lock holder's writes; every
   * reference read is checked for null and every index bounded by its array, so a stale view costs nothing but
   * a useless load.
   */
  long prefetch(int hash, Node<K, V> candidate) {
    if (candidate == null) {
      return history.prefetch(hash, hash);
    }
    long seen = history.prefetch(hash, candidate.hash);
    Node<K, V> following = candidate.next;
    if (following != null) {
      seen += following.stamp;
    }
    Node<K, V> hotHand = hot.hand();
    if (hotHand != null) {
      seen += hotHand.stamp;
    }
    return seen;
  }

  /** The node under the cold hand, or {@code null}; may be read without the eviction lock, for prefetching. */
  Node<K, V> peekColdHand() {
    return cold.hand();
  }

  /** Places an admitted node: hot, or cold in its test period. */
  private void place(Node<K, V> node, boolean roomWasFree) {
    long ghost = history.take(node.hash);
    long ghostStamp = ghost != History.ABSENT ? history.stampIn(ghost) : history.takeFar(node.hash);
    if (ghostStamp != FarHistory.ABSENT) {
      if (inTest(ghostStamp)) {
        HISTORY_HIT_COUNT.setOpaque(this, historyHitCount + 1);
        if (ghost != History.ABSENT && History.wasReferenced(ghost)) { // the far history keeps no flag
          lowerThreshold(); // it was referenced, came back in its test period, yet was not promoted
        }
        adjustColdTarget(adaptationWeight(node));
        if (makeRoomInHot(ghostStamp, node.weight())) {
          placeHot(node);
          node.status = Node.RETURNED;
        } else {
          placeCold(node, Node.COLD_IN_TEST);
        }
        return;
      }
      // its test period had ended unreferenced; the paper's hot hand would have said so
      adjustColdTarget(-adaptationWeight(node));
    }
    if (roomWasFree && hotWeight + coldWeight + node.weight() <= maximum - minimumColdTarget) {
      placeHot(node); // the cache is filling: hot first, as in the authors' simulator and in LIRS
    } else {
      placeCold(node, Node.COLD_IN_TEST);
    }
  }

  /** Unlinks a node that the cache removed from the map; does nothing if the node was never linked. */
  void remove(Node<K, V> node) {
    if (node.isHot()) {
      HOT_WEIGHT.setOpaque(this, hotWeight - node.weight());
      hot.remove(node);
    } else if (node.status != Node.UNLINKED) {
      COLD_WEIGHT.setOpaque(this, coldWeight - node.weight());
      cold.remove(node);
    }
  }

  private Node<K, V> evict() {
    Node<K, V> victim = null;
    boolean reachedLimit = false;
    while (victim == null) {
      if (examined >= scanLimit) {
        victim = best;
        reachedLimit = true;
        if (victim == null) {
          SCAN_LIMIT_REACHED_COUNT.setOpaque(this, scanLimitReachedCount + 1);
          return null; // every entry examined weighs 0 or is computing: no victim now; the next scan goes on
        }
        break;
      }
      Node<K, V> candidate = cold.hand();
      if (candidate == null) {
        runHotHandOnce(); // every resident page is hot: demote one
        continue;
      }
      examine(candidate);
      if (candidate.loading) {
        spareCold(candidate); // a load in flight keeps its place: passed over like a referenced page
        continue;
      }
      if (isPinned(candidate) || isComputing(candidate)) {
        spareCold(candidate); // weight 0 (never evicted for size, as in Caffeine), or held by a compute
        if (!hot.isEmpty() && examined < scanLimit) {
          runHotHandOnce(); // demote a hot page, so that a cold ring of such entries still yields a victim
        }
        continue;
      }
      if (candidate.status == Node.DEMOTED) {
        if (candidate.referenceCount > 0) {
          raiseCarryLimit(); // demoted, then referenced before the cold hand came round: demoted too early
        }
        candidate.status = Node.COLD;
      }
      if (candidate.status == Node.COLD_IN_TEST && !inTest(candidate.stamp)) {
        candidate.status = Node.COLD;
        long weight = adaptationWeight(candidate);
        adjustColdTarget(candidate.referenceCount >= promotionThreshold ? weight : -weight);
      }
      if (candidate.referenceCount < promotionThreshold) {
        if (candidate.referenceCount > 0 && candidate.status == Node.COLD_IN_TEST) {
          // Referenced in its test period, if too few times to be promoted: a reuse within the cold ring's reach
          // all the same, and the paper's signal that the cold allocation pays.
          adjustColdTarget(adaptationWeight(candidate));
        }
        victim = candidate;
      } else if (candidate.status == Node.COLD_IN_TEST) {
        adjustColdTarget(adaptationWeight(candidate));
        // The candidate stays under the cold hand while the hot hand makes room: pages it demotes go behind
        // the cold hand, where they would also go if the candidate had been unlinked first.
        if (makeRoomInHot(candidate.stamp, candidate.weight())) {
          remove(candidate);
          placeHot(candidate);
          candidate.status = Node.PROMOTED;
          PROMOTION_COUNT.setOpaque(this, promotionCount + 1);
        } else {
          spareCold(candidate);
        }
      } else {
        spareCold(candidate);
      }
    }
    boolean inTest = victim.status == Node.COLD_IN_TEST && inTest(victim.stamp);
    long stamp = victim.stamp;
    boolean referenced = victim.referenceCount > 0;
    remove(victim);
    if (inTest) {
      countLimitDrops(history.add(victim.hash, stamp, referenced));
    }
    Node<K, V> hotHand = hot.hand();
    if (hotHand != null) {
      int dropped = history.dropOlderThan(hotHand.stamp, DROPS_PER_EVICTION);
      adjustColdTarget(-dropped * averageWeight());
    }
    if (reachedLimit) {
      SCAN_LIMIT_REACHED_COUNT.setOpaque(this, scanLimitReachedCount + 1);
    }
    return victim;
  }

  /**
   * Runs the hot hand until the hot clock has room below its target for the candidate's {@code weight}, demoting
   * unreferenced hot pages older than the candidate. Returns {@code false}, and refuses the promotion, if the hand
   * reaches a page newer than the candidate (the candidate's test period is over) or the scan limit.
   */
  private boolean makeRoomInHot(long candidateStamp, long weight) {
    while (hotWeight + weight > maximum - coldTarget && !hot.isEmpty()) {
      Node<K, V> oldest = hot.hand();
      if (oldest.stamp > candidateStamp || examined >= scanLimit) {
        return false;
      }
      runHotHandOnce();
    }
    return true;
  }

  /**
   * Examines the page under the hot hand: spares it if referenced since the hand last passed, keeping some of its
   * references as carry; spares it on its carry alone if it has one; else demotes it.
   */
  private void runHotHandOnce() {
    Node<K, V> oldest = hot.hand();
    examine(oldest);
    int references = oldest.referenceCount;
    int carry = oldest.carry();
    boolean referenced = references > carry; // since the hand last passed; a returned page carries nothing
    if (oldest.status == Node.RETURNED) {
      judgeReturn(referenced);
    } else {
      referencedShare += ((referenced ? SHARE_ONE : 0) - referencedShare) >> REFERENCED_SHARE_SHIFT;
    }
    boolean sparedByCarry = oldest.sparedByCarry();
    if (referenced) {
      if (sparedByCarry) {
        raiseCarryLimit(); // kept hot on its carry alone, then referenced again: the carry paid
      }
      int kept = Math.min(references - 1, carryNow());
      spareHot(oldest, kept, false);
    } else if (carry > 0) {
      spareHot(oldest, carry - 1, true);
    } else {
      if (oldest.status == Node.PROMOTED) {
        raiseThreshold(); // promoted, then never referenced until the hot hand came round: a wasted promotion
      } else if (sparedByCarry) {
        lowerCarryLimit(); // kept hot on its carry alone, then demoted unreferenced: the carry was wasted
      }
      remove(oldest);
      placeCold(oldest, Node.DEMOTED);
      DEMOTION_COUNT.setOpaque(this, demotionCount + 1);
    }
  }

  /** The most references the hot hand may carry over now: the carry limit while the switch allows, else none. */
  private int carryNow() {
    return carryAllowed() ? carryLimit : 0;
  }

  /**
   * Whether an entry weighs 0 in a weighted cache: such an entry is never evicted for size, as Caffeine documents
   * (users pin entries that way); it still expires and can be removed. A load in flight is not: its weight is not
   * known yet.
   */
  private boolean isPinned(Node<K, V> node) {
    return weighted && !node.loading && node.weight() == 0;
  }

  /** Whether a compute's user code holds the node's monitor: no eviction may choose it; see {@link #computes}. */
  private boolean isComputing(Node<K, V> node) {
    return computes != null && computes.active != 0 && computes.holds(node);
  }

  /** Places a spared hot page at the head, carrying {@code carry} references into its next revolution. */
  private void spareHot(Node<K, V> node, int carry, boolean sparedByCarry) {
    node.referenceCount = (byte) carry;
    node.status = Node.carrying(carry, sparedByCarry);
    node.stamp = now++;
    hot.advance();
  }

  /**
   * Counts an examined entry and keeps the best candidate for eviction at the scan limit: the lowest counter,
   * a load in flight only if every entry examined is one, and never an entry of weight 0.
   */
  private void examine(Node<K, V> node) {
    examined++;
    if (isPinned(node) || isComputing(node)) {
      return; // never a victim
    }
    int rank = node.loading ? Node.MAX_REFERENCE_COUNT + 1 : node.referenceCount;
    if (rank < bestRank) {
      best = node;
      bestRank = rank;
    }
  }

  private void placeHot(Node<K, V> node) {
    stampAtHead(node, Node.HOT);
    hot.addBehindHand(node);
    HOT_WEIGHT.setOpaque(this, hotWeight + node.weight());
  }

  /**
   * Keeps the cold page under the hand cold and in a new test period, placed at the head. The head is just
   * behind the hand, so moving the hand past the page puts it there without unlinking it.
   */
  private void spareCold(Node<K, V> node) {
    stampAtHead(node, Node.COLD_IN_TEST);
    cold.advance();
  }

  private void placeCold(Node<K, V> node, byte status) {
    stampAtHead(node, status);
    cold.addBehindHand(node);
    COLD_WEIGHT.setOpaque(this, coldWeight + node.weight());
  }

  /** Gives a page placed at the head of its clock the next stamp, a new status and a cleared counter. */
  private void stampAtHead(Node<K, V> node, byte status) {
    node.referenceCount = 0;
    node.stamp = now++;
    node.status = status;
  }

  /** Whether a page with this stamp is still in its test period: the hot hand has not passed it. */
  private boolean inTest(long stamp) {
    Node<K, V> hotHand = hot.hand();
    return hotHand == null || stamp > hotHand.stamp;
  }

  private void raiseThreshold() {
    missedPromotions = 0;
    promotionThreshold = Math.min(MAX_PROMOTION_THRESHOLD, promotionThreshold + 1);
  }

  private void lowerThreshold() {
    if (++missedPromotions >= MISSED_PROMOTIONS_TO_LOWER) {
      missedPromotions = 0;
      promotionThreshold = Math.max(1, promotionThreshold - 1);
    }
  }

  private void raiseCarryLimit() {
    if (++carryRegrets >= CARRY_REGRETS_TO_CHANGE) {
      carryRegrets = 0;
      carryLimit = Math.min(MAX_CARRY, carryLimit + 1);
    }
  }

  private void lowerCarryLimit() {
    if (--carryRegrets <= -CARRY_REGRETS_TO_CHANGE) {
      carryRegrets = 0;
      carryLimit = Math.max(0, carryLimit - 1);
    }
  }

  /**
   * Counts a returned page's verdict against the referenced share and the margin, and moves the history's limit a
   * step once the net verdicts reach {@link #RETURN_REGRETS_TO_CHANGE} of one sign.
   */
  private void judgeReturn(boolean referenced) {
    int bar = referencedShare + RETURN_MARGIN;
    returnRegrets += referenced ? SHARE_ONE - bar : -bar;
    if (Math.abs(returnRegrets) < RETURN_REGRETS_TO_CHANGE * SHARE_ONE) {
      return;
    }
    int limit = history.limit() + (returnRegrets > 0 ? historyStep : -historyStep);
    history.setLimit(Math.max(minimumHistoryLimit, limit)); // setLimit caps it at the history's capacity
    returnRegrets = 0;
  }

  /**
   * Counts live records of pages evicted unreferenced that the history's limit dropped ({@link History#add} counts
   * no others) as test periods ended unreferenced, each weighted by the
   * share of the paper's history that the limit keeps: {@code historyLimit / maximumSize}. At the paper's length
   * every drop counts one, as in the paper. A history shortened to an eighth drops a record after an eighth of the
   * insertions the paper would wait, before most of its test period has passed, so that record's drop is an eighth
   * of the evidence; counted whole, such drops kept the cold target at its floor wherever half the new keys return
   * once and the other half never (the short-lived working set in docs/decisions.md). The weights add up in
   * {@link #limitDropCredit}, so the cold target still moves by whole steps. A record of a page evicted with
   * references is not counted at all: its page was referenced in its test period and grew the cold target when the
   * cold hand evicted it, so counting its drop too judged one test period twice, once each way. Where half the new
   * keys return once, every returning key was counted up and then down, every other key down, and the cold target
   * stayed at its floor: the cache held the returns only where the warm-up's hot pages, never demoted, happened to
   * leave the cold ring large enough (docs/decisions.md, "A test period is judged once").
   */
  private void countLimitDrops(int dropped) {
    for (int drop = 0; drop < dropped; drop++) {
      limitDropCredit += history.limit();
      if (limitDropCredit >= historyCapacity) {
        limitDropCredit -= historyCapacity;
        adjustColdTarget(-averageWeight());
      }
    }
  }

  private void adjustColdTarget(long delta) {
    coldTarget = Math.max(minimumColdTarget, Math.min(maximumColdTarget, coldTarget + delta));
  }

  Ring<K, V> hotRing() {
    return hot;
  }

  Ring<K, V> coldRing() {
    return cold;
  }

  int hotSize() {
    return hot.size();
  }

  int coldSize() {
    return cold.size();
  }

  int historySize() {
    return history.size();
  }

  /** The most entries the history keeps now: the adaptive history length. */
  int historyLimit() {
    return history.limit();
  }

  int minimumHistoryLimit() {
    return minimumHistoryLimit;
  }

  /** The referenced share, in {@link #SHARE_ONE}ths; for the invariants. */
  int referencedShare() {
    return referencedShare;
  }

  long coldTarget() {
    return coldTarget;
  }

  long minimumColdTarget() {
    return minimumColdTarget;
  }

  long maximumColdTarget() {
    return maximumColdTarget;
  }

  /** The bound, in weight; read without the lock by the policy view. */
  long maximum() {
    return (long) MAXIMUM.getOpaque(this);
  }

  boolean isWeighted() {
    return weighted;
  }

  /** The weight of the hot ring; read without the lock by the policy view and the invariants. */
  long hotWeight() {
    return (long) HOT_WEIGHT.getOpaque(this);
  }

  /** The weight of the cold ring, loads in flight included (they weigh 0 in a weighted cache). */
  long coldWeight() {
    return (long) COLD_WEIGHT.getOpaque(this);
  }

  /** The most resident weight allowed now; for the invariants, under the lock. */
  long ceiling() {
    return ceiling;
  }

  /** The most records the history may hold now; for the invariants, under the lock. */
  int historyCapacity() {
    return historyCapacity;
  }

  /** The history itself; for the invariants, under the lock. */
  History history() {
    return history;
  }

  long evictionWeight() {
    return (long) EVICTION_WEIGHT.getOpaque(this);
  }

  long unscannedEvictionCount() {
    return (long) UNSCANNED_EVICTION_COUNT.getOpaque(this);
  }

  int promotionThreshold() {
    return promotionThreshold;
  }

  int carryLimit() {
    return carryLimit;
  }

  /** Whether the carry switch (the cache's carry trial) lets the hot hand carry references now. */
  boolean carryAllowed() {
    return carrySwitch.getAsBoolean();
  }

  int scanLimit() {
    return scanLimit;
  }


  /** The evictions by the entries each examined; live, read without the lock. */
  ScanLengths scanLengths() {
    return scanLengths;
  }

  long scanLimitReachedCount() {
    return (long) SCAN_LIMIT_REACHED_COUNT.getOpaque(this);
  }

  long promotionCount() {
    return (long) PROMOTION_COUNT.getOpaque(this);
  }

  long demotionCount() {
    return (long) DEMOTION_COUNT.getOpaque(this);
  }

  long historyHitCount() {
    return (long) HISTORY_HIT_COUNT.getOpaque(this);
  }
}
