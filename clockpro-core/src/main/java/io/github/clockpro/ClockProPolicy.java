package io.github.clockpro;

/**
 * The CLOCK-Pro replacement decisions: which entry to evict, which to promote to the hot clock and which to
 * demote, and how the cold target adapts.
 *
 * <p>Not thread-safe. Every method runs under the cache's eviction lock; the policy never touches the map and
 * calls no user code except {@code hashCode()} of evicted and admitted keys. {@code docs/design.md} describes
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
 *   <li>Miss on a key in its test period (its hash in the history with a stamp the hot hand has not passed):
 *       the cold target grows by one, and the page becomes hot if the hot hand can demote an unreferenced hot
 *       page older than it (see {@link #makeRoomInHot}); otherwise it becomes cold and in test.
 *   <li>Any other miss: the page becomes cold and in test.
 *   <li>Cold hand, referenced page in test: promoted as above. Referenced page not in test: kept cold, placed
 *       at the head and given a new test period. Unreferenced page: evicted; if it was in test its hash joins
 *       the history.
 *   <li>Hot hand, referenced page: its counter is reset and it is placed at the head. Unreferenced page:
 *       demoted to cold (not in test).
 *   <li>A test period that ends unreferenced shrinks the cold target by one; one that ends referenced grows it.
 * </ul>
 *
 * <h2>Bounded work</h2>
 * One call to {@link #admit} examines at most {@link #scanLimit} entries across both hands. If the limit is
 * reached before an unreferenced cold entry is found, the entry with the lowest counter among those examined
 * is evicted instead, whichever clock it is in; a promotion that cannot finish within the limit is refused.
 * The history's expiry is O(1) per call too: at most {@link #EXPIRY_PER_EVICTION} entries leave per eviction.
 */
final class ClockProPolicy<K, V> {

  /** Non-resident entries whose test period ended that one eviction removes from the history at most. */
  static final int EXPIRY_PER_EVICTION = 2;

  private final int maximumSize;
  private final int scanLimit;
  private final int minimumColdTarget;
  private final int maximumColdTarget;

  private final Clock<K, V> hot = new Clock<>();
  private final Clock<K, V> cold = new Clock<>();
  private final NonResidentSet nonResident;

  /** The logical time: the stamp the next page placed at a head receives. */
  private long now;
  /** The number of resident cold entries the policy aims for; the rest of the cache is hot. */
  private int coldTarget;
  /** The counter value that marks a page as referenced: the adaptive scan threshold. */
  private int promotionThreshold = 1;

  /** Entries examined so far by the current call of {@link #admit}. */
  private int examined;
  /** The entry with the lowest counter examined by the current call, and that counter. */
  private Node<K, V> best;
  private int bestFrequency;

  private long evictionCount;
  private long scanCount;
  private int maximumScan;
  private long limitReachedCount;
  private long promotionCount;
  private long demotionCount;
  private long nonResidentHitCount;

  /** Entries examined by the most recent eviction. */
  private int lastScan;
  /** Whether the most recent eviction stopped at the scan limit. */
  private boolean lastReachedLimit;

  /**
   * @param maximumSize the most resident entries; at least 1
   * @param scanLimit the most entries one call may examine; at least 1
   * @param seed randomises the layout of the non-resident table, never its contents
   */
  ClockProPolicy(int maximumSize, int scanLimit, int seed) {
    this.maximumSize = maximumSize;
    this.scanLimit = scanLimit;
    this.minimumColdTarget = Math.max(1, maximumSize / 100);
    this.maximumColdTarget = Math.max(minimumColdTarget, maximumSize - minimumColdTarget);
    this.coldTarget = minimumColdTarget;
    this.nonResident = new NonResidentSet(maximumSize, seed);
  }

  /**
   * Links a node that was just added to the map, evicting first if the cache is full.
   *
   * @return the evicted node, already unlinked, which the caller must remove from the map; or {@code null}
   */
  Node<K, V> admit(Node<K, V> node) {
    examined = 0;
    best = null;
    bestFrequency = Integer.MAX_VALUE;
    Node<K, V> victim = null;
    if (hot.size() + cold.size() >= maximumSize) {
      victim = evict();
    }
    int hash = node.key.hashCode();
    long ghostStamp = nonResident.stampOf(hash);
    if (ghostStamp != NonResidentSet.ABSENT) {
      nonResident.remove(hash);
      if (inTest(ghostStamp)) {
        nonResidentHitCount++;
        adjustColdTarget(+1);
        if (makeRoomInHot(ghostStamp)) {
          placeHot(node);
        } else {
          placeCold(node, Node.COLD_IN_TEST);
        }
        return victim;
      }
      adjustColdTarget(-1); // its test period had ended unreferenced; the paper's hot hand would have said so
    }
    if (hot.size() + cold.size() < maximumSize - minimumColdTarget && victim == null) {
      placeHot(node); // the cache is filling: hot first, as in the authors' simulator and in LIRS
    } else {
      placeCold(node, Node.COLD_IN_TEST);
    }
    return victim;
  }

  /** Unlinks a node that the cache removed from the map; does nothing if the node was never linked. */
  void remove(Node<K, V> node) {
    if (node.status == Node.HOT) {
      hot.remove(node);
    } else if (node.status != Node.UNLINKED) {
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
        break;
      }
      Node<K, V> candidate = cold.hand();
      if (candidate == null) {
        runHotHandOnce(); // every resident page is hot: demote one
        continue;
      }
      examine(candidate);
      if (candidate.status == Node.COLD_IN_TEST && !inTest(candidate.stamp)) {
        candidate.status = Node.COLD;
        adjustColdTarget(candidate.frequency >= promotionThreshold ? +1 : -1);
      }
      if (candidate.frequency < promotionThreshold) {
        victim = candidate;
      } else if (candidate.status == Node.COLD_IN_TEST) {
        adjustColdTarget(+1);
        long stamp = candidate.stamp;
        cold.remove(candidate);
        if (makeRoomInHot(stamp)) {
          placeHot(candidate);
          promotionCount++;
        } else {
          placeCold(candidate, Node.COLD_IN_TEST);
        }
      } else {
        cold.remove(candidate);
        placeCold(candidate, Node.COLD_IN_TEST);
      }
    }
    boolean inTest = victim.status == Node.COLD_IN_TEST && inTest(victim.stamp);
    long stamp = victim.stamp;
    remove(victim);
    if (inTest && nonResident.add(victim.key.hashCode(), stamp)) {
      adjustColdTarget(-1);
    }
    Node<K, V> hotHand = hot.hand();
    if (hotHand != null) {
      int expired = nonResident.dropOlderThan(hotHand.stamp, EXPIRY_PER_EVICTION);
      adjustColdTarget(-expired);
    }
    evictionCount++;
    scanCount += examined;
    maximumScan = Math.max(maximumScan, examined);
    if (reachedLimit) {
      limitReachedCount++;
    }
    lastScan = examined;
    lastReachedLimit = reachedLimit;
    return victim;
  }

  /**
   * Runs the hot hand until the hot clock has room below its target, demoting unreferenced hot pages older than
   * the candidate. Returns {@code false}, and refuses the promotion, if the hand reaches a page newer than the
   * candidate (the candidate's test period is over) or the scan limit.
   */
  private boolean makeRoomInHot(long candidateStamp) {
    while (hot.size() >= maximumSize - coldTarget && !hot.isEmpty()) {
      Node<K, V> oldest = hot.hand();
      if (oldest.stamp > candidateStamp || examined >= scanLimit) {
        return false;
      }
      runHotHandOnce();
    }
    return true;
  }

  /** Examines the page under the hot hand: spares it if referenced, else demotes it. */
  private void runHotHandOnce() {
    Node<K, V> oldest = hot.hand();
    examine(oldest);
    if (oldest.frequency > 0) {
      oldest.frequency = 0;
      oldest.stamp = now++;
      hot.advance();
    } else {
      hot.remove(oldest);
      placeCold(oldest, Node.COLD);
      demotionCount++;
    }
  }

  private void examine(Node<K, V> node) {
    examined++;
    int frequency = node.frequency;
    if (frequency < bestFrequency) {
      best = node;
      bestFrequency = frequency;
    }
  }

  private void placeHot(Node<K, V> node) {
    node.frequency = 0;
    node.stamp = now++;
    node.status = Node.HOT;
    hot.addBehindHand(node);
  }

  private void placeCold(Node<K, V> node, byte status) {
    node.frequency = 0;
    node.stamp = now++;
    node.status = status;
    cold.addBehindHand(node);
  }

  /** Whether a page with this stamp is still in its test period: the hot hand has not passed it. */
  private boolean inTest(long stamp) {
    Node<K, V> hotHand = hot.hand();
    return hotHand == null || stamp > hotHand.stamp;
  }

  private void adjustColdTarget(int delta) {
    coldTarget = Math.max(minimumColdTarget, Math.min(maximumColdTarget, coldTarget + delta));
  }

  Clock<K, V> hotClock() {
    return hot;
  }

  Clock<K, V> coldClock() {
    return cold;
  }

  int hotSize() {
    return hot.size();
  }

  int coldSize() {
    return cold.size();
  }

  int nonResidentSize() {
    return nonResident.size();
  }

  int coldTarget() {
    return coldTarget;
  }

  int minimumColdTarget() {
    return minimumColdTarget;
  }

  int maximumColdTarget() {
    return maximumColdTarget;
  }

  int promotionThreshold() {
    return promotionThreshold;
  }

  int scanLimit() {
    return scanLimit;
  }

  int lastScan() {
    return lastScan;
  }

  boolean lastReachedLimit() {
    return lastReachedLimit;
  }

  long evictionCount() {
    return evictionCount;
  }

  long scanCount() {
    return scanCount;
  }

  int maximumScan() {
    return maximumScan;
  }

  long limitReachedCount() {
    return limitReachedCount;
  }

  long promotionCount() {
    return promotionCount;
  }

  long demotionCount() {
    return demotionCount;
  }

  long nonResidentHitCount() {
    return nonResidentHitCount;
  }
}
