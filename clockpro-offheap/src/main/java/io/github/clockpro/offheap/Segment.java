package io.github.clockpro.offheap;

import io.github.clockpro.RemovalCause;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.StampedLock;

/**
 * One segment of an {@link OffHeapCache}: a ring of entries in one large region outside the heap, its
 * {@link IndexTable}, and CLOCK-Pro over both, measured in bytes. Every operation on it examines, moves or frees at
 * most the scan limit's entries.
 *
 * <p>Readers call {@link #read} without a lock; writers call the other methods, which take the write lock.
 */
final class Segment {

  /*
   * Overview
   *
   * The ring. Entries (EntryLayout) are appended at the tail and reclaimed at the head; head and tail are
   * positions that only grow, and a position's offset in the region is the position modulo the capacity. An
   * entry never wraps: where it would, the rest of the region is padding. Bytes between head and tail are entries,
   * live (an index slot points at them) or dead (replaced or removed, flagged DEAD in place).
   *
   * The policy: CLOCK-Pro with one hand, the head. The ring's order is the clock's order, and the head is where
   * the hand stands. When an insert needs room, the hand examines the entry at the head:
   *   - dead: its bytes are freed;
   *   - expired: removed (EXPIRED);
   *   - hot and referenced: the bit is cleared and the entry moves to the tail, still hot;
   *   - hot, unreferenced, while hot entries take more than their target: demoted to cold, moved to the tail;
   *   - hot otherwise: moved to the tail;
   *   - cold and referenced: it was reused within its test period (it was inserted, or moved, one revolution
   *     ago), so it is promoted to hot and moved;
   *   - cold and unreferenced: evicted (SIZE); its slot stays in the index as a non-resident key, recording the
   *     head's position, for the rest of its test period: until the head has gone once more around the ring.
   * Moving an entry frees its bytes at the head and uses as many at the tail, so only evictions make room. A put
   * replacing a live entry by one of the same size, in a cache without expiry, writes it in place and marks it
   * referenced, as a hit does (rewrite); any other replacement marks the old entry dead and appends the new. An
   * insert of a key found non-resident in its test period enters as hot (a history hit), and so does any new key
   * while the resident entries leave more than the cold target free (the segment is filling, as in the paper);
   * other new keys enter cold. The cold target is fixed at an 8th of the capacity (adapting it as the paper does,
   * by the size of each history hit and each test period ended unused, lost almost every hit of the loop trace, as
   * docs/decisions.md measures: the ring's single hand passes the hot entries at the pace of evictions and moves,
   * far more often than the paper's hot hand, so their reference bits say less, and a cold target grown by history
   * hits demotes them all); an 8th rather than the paper's hundredth because, with the hot entries filling the
   * rest, the hand moves about as many hot entries per eviction as there are hot entries per cold one, and a new
   * entry needs a cold stay long enough to be referenced.
   *
   * The bound. One insert examines at most scanLimit entries at the head (dead ones included) and moves at most
   * half of them; after that it evicts whatever it meets, hot or cold, and if the scan limit is reached without
   * room the new entry is not stored (SIZE). So no operation examines, moves or frees more than scanLimit entries.
   * The index's upkeep is bounded too: each write migrates MIGRATION_STEP slots of a retiring table and sweeps
   * HISTORY_SWEEP slots for ended test periods. A removal from the current table shifts the rest of its probe run
   * back (IndexTable.vacate), which moves at most that run's words, all within the lock hold; so a full cache's
   * churn leaves no tombstones and the table is replaced only when its live slots grow.
   *
   * Deviations from the paper: one hand instead of three (the cold, hot and test hands all become the head of the
   * ring, as the ring's order is the clock's); sizes in bytes; a fixed cold target; a test period measured in the
   * head's progress through the ring's bytes; the history is bounded by the resident count (the paper's bound),
   * and a key evicted while it is full ends its test period at once; a non-resident key is recognized by its
   * 28-bit tag alone, so a key whose tag collides with a remembered one may be taken for it (it then enters hot).
   *
   * Concurrency. A StampedLock per segment. Writers take the write lock. Readers (read) take an optimistic stamp,
   * find the slot, copy the value bytes into a new array, and validate the stamp; a copy that raced a writer may
   * be garbage (even out of bounds, which is caught) but is then discarded, and the read runs again under the
   * shared read lock. Index words are read and written with opaque access (IndexTable), so they are never torn;
   * the ring's bytes are read plainly, which the stamp's validation makes safe. Fields below marked "writer" are
   * written only under the write lock; those also read by stats() or policy() without a lock are volatile, and a
   * reader may see one a step behind another (benign: they are statistics).
   *
   * Persistence (SegmentFile): the ring is the mapped file. A clean close writes the index to an IndexFile and
   * then marks the segment file clean; a reopened segment opens on its first use (ensureOpen), adopting that index
   * if the mark names it, or else rebuilding the index by scanning the ring (after a crash, or if the index file
   * fails its checks). The mark is cleared before the first write, so a crash after reopening always leads to the
   * scan. Adopted entries are not read at reopening (the rings of a large cache take seconds to come back from
   * the device): until the hand has passed them (unverifiedEnd), a read checks the checksum of the entry it
   * copies, and the hand checks each one before relying on its lengths; one that fails makes the segment drop
   * every adopted entry not yet passed (discardUnverified), as the scan would have stopped there.
   *
   * Reading guide: reads; writes (put, remove); making room (makeRoom and the hand's decisions); the index's upkeep
   * (maintain); bulk sweeps (sweep) and the map view's copies in hash order (copyInHashOrder); opening a reopened
   * segment; statistics.
   */

  /** Slots of a retiring table that each write migrates. */
  private static final int MIGRATION_STEP = 16;
  /** Scan lengths up to this are counted one by one, longer ones per power of two, as the heap cache counts them. */
  static final int EXACT_SCAN_LENGTHS = 1024;
  /** Slots each write sweeps for non-resident keys whose test period ended. */
  private static final int HISTORY_SWEEP = 4;

  final StampedLock lock = new StampedLock();
  private final EntryLayout layout;
  private final ByteBuffer ring;
  final int capacity;
  private final SegmentFile file;
  private final int scanLimit;
  private final int moveLimit;
  private final long coldTargetFloor;

  /** The index; writer. Read by optimistic readers, who validate their stamp afterwards. */
  private IndexTable table;
  /** The index being migrated into {@link #table}, or null; writer. Read like {@link #table}. */
  private IndexTable retiring;
  /** Slots of {@link #retiring} already migrated; writer. */
  private int migrated;
  /** Where the history sweep stands in {@link #table}; writer. */
  private int historyHand;

  /** The ring positions; writer. */
  private long head;
  private long tail;
  /** Where the last padding was written, or -1; writer. */
  private long paddingPosition = -1;

  /**
   * Positions below this hold entries adopted from a clean close's index whose bytes were not checked when the
   * segment reopened (0 when there are none): a read checks such an entry's checksum, and the hand checks each
   * one it reaches (verifiedAtHead). Writer; read by optimistic readers, who validate their stamp afterwards.
   */
  private long unverifiedEnd;
  /** The padding between head and {@link #unverifiedEnd} that the clean close recorded, or -1; writer. */
  private long adoptedPadding = -1;

  /** Set by close under the write lock; read under either lock. */
  private boolean closed;

  /**
   * What a reopened persisted segment needs to open on its first use, or null once open (always null for a new
   * segment); written under the write lock, read without a lock by {@link #ensureOpen}.
   */
  private volatile Reopening pending;

  /** The time of the operation running under the write lock, for the hand's expiry checks; writer. */
  private long lastNow = Long.MIN_VALUE;

  // Sizes of the policy: writer; read by stats and policy without a lock (benign, see the overview).
  private volatile int residentCount;
  private volatile int hotCount;
  private volatile int historyCount;
  private volatile long residentBytes;
  private volatile long hotBytes;
  /** Fixed: see the overview's deviations. */
  private final long coldTarget;

  // Counters: writer; read without a lock.
  private volatile long evictionCount;
  private volatile long evictedBytes;
  private volatile long expirationCount;
  private volatile long scanCount;
  private volatile int maxScan;
  private volatile long promotionCount;
  private volatile long demotionCount;
  private volatile long historyHitCount;
  private volatile long scanLimitReachedCount;
  private volatile long moveCount;
  /** The most entries one operation's hand examined, evicting or not (moves and dead entries included). */
  private volatile int maxExamined;
  /**
   * Evictions by scan length, as {@link io.github.clockpro.Policy#evictionCountAtMost} counts them: element
   * {@code n} the scans of exactly {@code n} entries up to {@link #EXACT_SCAN_LENGTHS}; writer, read without a lock
   * (benign).
   */
  private final long[] scanLengths;
  /**
   * Element {@code k}: scans longer than {@link #EXACT_SCAN_LENGTHS} of {@code 2^(k-1) + 1} to {@code 2^k} entries,
   * so that any scan limit needs no more than 32 counters; empty when the limit is within the exact lengths. Writer,
   * read without a lock (benign).
   */
  private final long[] longScansByPowerOfTwo;
  /** Scans of exactly the scan limit; writer, read without a lock (benign). */
  private long scansAtLimit;

  Segment(EntryLayout layout, int capacity, int scanLimit, SegmentFile file) {
    this.layout = layout;
    this.capacity = capacity;
    this.scanLimit = scanLimit;
    this.moveLimit = scanLimit / 2;
    this.file = file;
    this.ring = file == null ? Regions.anonymous(capacity).order(EntryLayout.ORDER) : file.ring;
    this.coldTargetFloor = Math.max(1, capacity / 8);
    this.coldTarget = coldTargetFloor;
    this.table = new IndexTable(initialTableCapacity(capacity), layout.expires);
    this.scanLengths = new long[Math.min(scanLimit, EXACT_SCAN_LENGTHS) + 1];
    this.longScansByPowerOfTwo = new long[scanLimit > EXACT_SCAN_LENGTHS ? Integer.SIZE : 0];
  }

  private static int initialTableCapacity(int capacity) {
    return IndexTable.capacityFor(capacity / 256);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reads

  /** A value found by {@link #read}: the copied bytes and where its slot was, for the reference bit. */
  static final class Hit {
    final byte[] value;
    final long deadline;
    final IndexTable table;
    final int slot;
    final long word;

    Hit(byte[] value, long deadline, IndexTable table, int slot, long word) {
      this.value = value;
      this.deadline = deadline;
      this.table = table;
      this.slot = slot;
      this.word = word;
    }

    /** Sets the reference bit if a writer has not changed the slot since it was read; a lost bit is benign. */
    void reference() {
      if ((word & IndexTable.REFERENCED) == 0) {
        table.compareAndSetWord(slot, word, word | IndexTable.REFERENCED);
      }
    }
  }

  /**
   * Finds the key and copies its value, without an exclusive lock.
   *
   * @return the hit (expired or not: the caller decides), or null
   * @throws IllegalStateException if the segment was closed
   */
  Hit read(byte[] key, int hash) {
    ensureOpen();
    long stamp = lock.tryOptimisticRead();
    if (stamp != 0) {
      try {
        Hit hit = lookup(key, hash, stamp);
        if (hit != RACED && lock.validate(stamp)) {
          if (closed) {
            throw closedException();
          }
          return hit;
        }
      } catch (RuntimeException raced) {
        if (lock.validate(stamp)) {
          throw raced;
        }
        // A writer changed the bytes under the copy; read again under the shared lock.
      }
    }
    stamp = lock.readLock();
    try {
      checkOpen();
      return lookup(key, hash, 0);
    } finally {
      lock.unlockRead(stamp);
    }
  }

  /**
   * Records a deadline a read computed, under the shared lock, if the slot still holds the entry read.
   */
  void recordReadDeadline(Hit hit, long deadline) {
    long stamp = lock.readLock();
    try {
      if (!closed && (hit.table.wordOpaque(hit.slot) | IndexTable.REFERENCED)
          == (hit.word | IndexTable.REFERENCED)) {
        hit.table.setDeadlineOpaque(hit.slot, deadline);
      }
    } finally {
      lock.unlockRead(stamp);
    }
  }

  /** Returned by an optimistic lookup that saw a writer before it copied anything. */
  private static final Hit RACED = new Hit(new byte[0], 0, null, 0, 0);

  /**
   * Looks the key up in both tables.
   *
   * @param stamp the optimistic stamp to validate before allocating the copy, or 0 under the read lock
   */
  private Hit lookup(byte[] key, int hash, long stamp) {
    IndexTable current = table;
    Hit hit = lookupIn(current, key, hash, stamp);
    IndexTable old = retiring;
    if (hit == null && old != null) {
      hit = lookupIn(old, key, hash, stamp);
    }
    return hit;
  }

  private Hit lookupIn(IndexTable index, byte[] key, int hash, long stamp) {
    int slot = findResident(index, key, 0, key.length, hash);
    if (slot < 0) {
      return null;
    }
    long word = index.wordOpaque(slot);
    int offset = IndexTable.offset(word);
    int valueLength = EntryLayout.valueLength(ring, offset);
    int valueOffset = layout.keyOffset(offset) + key.length;
    if (stamp != 0 && !lock.validate(stamp)) {
      return RACED;
    }
    if (valueLength < 0 || valueLength > capacity - valueOffset) {
      throw new IndexOutOfBoundsException("value of " + valueLength + " bytes at " + valueOffset);
    }
    byte[] value = new byte[valueLength];
    ring.get(valueOffset, value);
    if (!intact(offset)) {
      return null;
    }
    long deadline = index.hasDeadlines() ? index.deadlineOpaque(slot) : Lifetimes.NEVER;
    return new Hit(value, deadline, index, slot, word);
  }

  /** {@return the slot of the resident entry with this key, or -1} */
  private int findResident(IndexTable index, byte[] key, int keyOffset, int keyLength, int hash) {
    int tag = hash & IndexTable.TAG_MASK;
    int slot = index.home(hash);
    for (int probe = 0; probe < index.capacity; probe++) {
      long word = index.wordOpaque(slot);
      int kind = IndexTable.kind(word);
      if (kind == IndexTable.EMPTY) {
        return -1;
      }
      if ((kind == IndexTable.HOT || kind == IndexTable.COLD) && IndexTable.tag(word) == tag
          && keyEquals(IndexTable.offset(word), key, keyOffset, keyLength)) {
        return slot;
      }
      slot = index.next(slot);
    }
    return -1;
  }

  /** {@return the slot of a non-resident key with this tag, or -1} */
  private static int findNonResident(IndexTable index, int hash) {
    int tag = hash & IndexTable.TAG_MASK;
    int slot = index.home(hash);
    for (int probe = 0; probe < index.capacity; probe++) {
      long word = index.wordOpaque(slot);
      int kind = IndexTable.kind(word);
      if (kind == IndexTable.EMPTY) {
        return -1;
      }
      if (kind == IndexTable.NON_RESIDENT && IndexTable.tag(word) == tag) {
        return slot;
      }
      slot = index.next(slot);
    }
    return -1;
  }

  private boolean keyEquals(int offset, byte[] key, int keyOffset, int keyLength) {
    if (offset < 0 || offset > capacity - layout.headerSize - keyLength
        || EntryLayout.keyLength(ring, offset) != keyLength) {
      return false;
    }
    int start = layout.keyOffset(offset);
    int position = 0;
    for (; position + Long.BYTES <= keyLength; position += Long.BYTES) {
      if (ring.getLong(start + position) != (long) KEY_LONGS.get(key, keyOffset + position)) {
        return false;
      }
    }
    for (; position < keyLength; position++) {
      if (ring.get(start + position) != key[keyOffset + position]) {
        return false;
      }
    }
    return true;
  }

  /** Reads a key's bytes eight at a time, in the ring's byte order. */
  private static final VarHandle KEY_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, EntryLayout.ORDER);

  // ---------------------------------------------------------------------------------------------------------------
  // Writes

  /** When a write applies. */
  enum Mode {
    ALWAYS, IF_ABSENT, IF_PRESENT, IF_EQUAL
  }

  /** A removal to report once the lock is released: copies of the serialized key and value. */
  record Removal(byte[] key, byte[] value, RemovalCause cause) {}

  /**
   * What {@link #put} found and did.
   *
   * @param previous the previous live value's bytes, if copied
   * @param applied whether the mode allowed the write (the previous value is then gone)
   * @param stored whether the new entry is in the cache (not if it was applied but did not fit)
   */
  record Outcome(byte[] previous, boolean applied, boolean stored) {}

  /**
   * Stores the entry, replacing the key's live entry, if the mode allows.
   *
   * @param entry the complete entry, header filled in (EntryLayout)
   * @param keyLength the serialized key's length; the key is at the layout's header size
   * @param expected for {@link Mode#IF_EQUAL}, the serialized value the key must hold
   * @param wantPrevious whether to copy the previous live value into the outcome (always done when the mode needs
   *     it)
   * @param removals receives the removals to report, or null if there is no listener
   * @return the previous live value if copied, and whether the entry was stored; an entry the mode allowed but that
   *     did not fit is reported in {@code removals} as SIZE
   */
  Outcome put(byte[] entry, int keyLength, int hash, long deadline, long now, Mode mode, byte[] expected,
      boolean wantPrevious, List<Removal> removals) {
    ensureOpen();
    long stamp = writeLock();
    try {
      checkOpen();
      maintain(now);
      int keyOffset = layout.headerSize;
      IndexTable index = table;
      int slot = findResident(index, entry, keyOffset, keyLength, hash);
      if (slot < 0 && retiring != null) {
        slot = findResident(retiring, entry, keyOffset, keyLength, hash);
        index = slot < 0 ? table : retiring;
      }
      if (slot >= 0 && !intact(IndexTable.offset(index.wordOpaque(slot)))) {
        discardUnverified();
        index = table;
        slot = -1;
      }
      byte[] previous = null;
      int kind = IndexTable.COLD;
      boolean present = false;
      if (slot >= 0) {
        long word = index.wordOpaque(slot);
        int offset = IndexTable.offset(word);
        boolean expired = layout.expires && index.deadlineOpaque(slot) <= now;
        present = !expired;
        if (present && (wantPrevious || mode == Mode.IF_EQUAL || removals != null)) {
          previous = copyValue(offset);
        }
        boolean applies = switch (mode) {
          case ALWAYS -> true;
          case IF_ABSENT -> !present;
          case IF_PRESENT -> present;
          case IF_EQUAL -> present && Arrays.equals(previous, expected);
        };
        if (!applies) {
          return new Outcome(previous, false, false);
        }
        if (present && !layout.expires && entry.length == layout.sizeAt(ring, offset)) {
          rewrite(index, slot, word, entry, keyLength, previous, removals);
          return new Outcome(previous, true, true);
        }
        kind = expired ? IndexTable.COLD : IndexTable.kind(word);
        removeResident(index, slot, word, expired ? RemovalCause.EXPIRED : RemovalCause.REPLACED, removals, false);
        vacate(index, slot);
      } else if (mode == Mode.IF_PRESENT || mode == Mode.IF_EQUAL) {
        return new Outcome(null, false, false);
      } else {
        slot = findNonResident(table, hash);
        if (slot >= 0) {
          long word = table.wordOpaque(slot);
          historyCount--;
          if (inTestPeriod(word)) {
            kind = IndexTable.HOT;
            historyHitCount++;
          }
          vacate(table, slot);
        }
        if (residentBytes + entry.length <= capacity - coldTarget) {
          // While the segment fills, as in the paper and the heap cache, a new entry is hot until only the cold
          // target is left free.
          kind = IndexTable.HOT;
        }
      }
      boolean stored = entry.length <= capacity / 2 && makeRoom(entry.length, removals);
      if (!stored) {
        evictionCount++;
        evictedBytes += entry.length;
        if (removals != null) {
          removals.add(new Removal(Arrays.copyOfRange(entry, keyOffset, keyOffset + keyLength),
              Arrays.copyOfRange(entry, keyOffset + keyLength, entry.length), RemovalCause.SIZE));
        }
        return new Outcome(present ? previous : null, true, false);
      }
      int offset = append(entry, 0, entry.length);
      // Claimed only now: the hand may have shifted the table's words.
      slot = table.claim(hash);
      if (layout.expires) {
        table.setDeadlineOpaque(slot, deadline);
      }
      long referenced = present ? IndexTable.REFERENCED : 0;
      table.setWordOpaque(slot, IndexTable.word(kind, hash, offset) | referenced);
      residentCount++;
      residentBytes += entry.length;
      if (kind == IndexTable.HOT) {
        hotCount++;
        hotBytes += entry.length;
      }
      return new Outcome(present ? previous : null, true, true);
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /**
   * Replaces a live entry by one of the same size where it lies, in a cache without expiry: the bytes are written
   * over it and its slot is marked referenced, as a hit would mark it, so the entry keeps its place in the ring and
   * the hand has nothing to do. Readers copying the old bytes meanwhile fail their stamp and read again. Were the
   * process to die during the write, the entry's checksum would no longer hold, and a reopened segment drops it,
   * as it drops a torn append. (With expiry the slot's word must change on a write, as a read's renewal
   * ({@link #recordReadDeadline}) applies only while the slot holds the word it read.)
   *
   * @param previous the old value's bytes, copied whenever {@code removals} is not null
   */
  private void rewrite(IndexTable index, int slot, long word, byte[] entry, int keyLength, byte[] previous,
      List<Removal> removals) {
    if (removals != null) {
      int keyOffset = layout.headerSize;
      removals.add(new Removal(Arrays.copyOfRange(entry, keyOffset, keyOffset + keyLength), previous,
          RemovalCause.REPLACED));
    }
    ring.put(IndexTable.offset(word), entry, 0, entry.length);
    index.setWordOpaque(slot, word | IndexTable.REFERENCED);
  }

  /**
   * Removes the key's live entry, if present (and, with {@code expected}, if it holds that value).
   *
   * @return the removed value's bytes, or null if nothing was removed
   */
  byte[] remove(byte[] key, int hash, byte[] expected, long now, List<Removal> removals) {
    ensureOpen();
    long stamp = writeLock();
    try {
      checkOpen();
      maintain(now);
      IndexTable index = table;
      int slot = findResident(index, key, 0, key.length, hash);
      if (slot < 0 && retiring != null) {
        index = retiring;
        slot = findResident(index, key, 0, key.length, hash);
      }
      if (slot < 0) {
        return null;
      }
      long word = index.wordOpaque(slot);
      if (!intact(IndexTable.offset(word))) {
        discardUnverified();
        return null;
      }
      boolean expired = layout.expires && index.deadlineOpaque(slot) <= now;
      byte[] value = copyValue(IndexTable.offset(word));
      if (!expired && expected != null && !Arrays.equals(value, expected)) {
        return null;
      }
      removeResident(index, slot, word, expired ? RemovalCause.EXPIRED : RemovalCause.EXPLICIT, removals, false);
      vacate(index, slot);
      return expired ? null : value;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /** Removes the key's entry if it has expired by {@code now}. */
  void removeIfExpired(byte[] key, int hash, long now, List<Removal> removals) {
    ensureOpen();
    long stamp = writeLock();
    try {
      checkOpen();
      IndexTable index = table;
      int slot = findResident(index, key, 0, key.length, hash);
      if (slot < 0 && retiring != null) {
        index = retiring;
        slot = findResident(index, key, 0, key.length, hash);
      }
      if (slot >= 0 && !intact(IndexTable.offset(index.wordOpaque(slot)))) {
        discardUnverified();
      } else if (slot >= 0 && layout.expires && index.deadlineOpaque(slot) <= now) {
        removeResident(index, slot, index.wordOpaque(slot), RemovalCause.EXPIRED, removals, false);
        vacate(index, slot);
      }
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /**
   * Marks a resident entry dead and updates the sizes and counters; the caller rewrites its slot. With
   * {@code remember}, the slot becomes a non-resident key if the history has room, else a tombstone.
   */
  private void removeResident(IndexTable index, int slot, long word, RemovalCause cause, List<Removal> removals,
      boolean remember) {
    int offset = IndexTable.offset(word);
    int size = layout.sizeAt(ring, offset);
    if (removals != null) {
      int keyLength = EntryLayout.keyLength(ring, offset);
      byte[] key = new byte[keyLength];
      ring.get(layout.keyOffset(offset), key);
      removals.add(new Removal(key, copyValue(offset), cause));
    }
    ring.put(offset + EntryLayout.FLAGS, EntryLayout.DEAD);
    residentCount--;
    residentBytes -= size;
    if (IndexTable.kind(word) == IndexTable.HOT) {
      hotCount--;
      hotBytes -= size;
    }
    if (cause == RemovalCause.EXPIRED) {
      expirationCount++;
    } else if (cause == RemovalCause.SIZE) {
      evictionCount++;
      evictedBytes += size;
    }
    if (remember) {
      if (historyCount < residentCount) {
        historyCount++;
        index.setWordOpaque(slot, IndexTable.withOffset(IndexTable.withKind(word & ~IndexTable.REFERENCED,
            IndexTable.NON_RESIDENT), (int) head));
      } else {
        // The history is full: the key's test period ends here, unused.
        vacate(index, slot);
      }
    }
  }

  private byte[] copyValue(int offset) {
    int keyLength = EntryLayout.keyLength(ring, offset);
    byte[] value = new byte[EntryLayout.valueLength(ring, offset)];
    ring.get(layout.keyOffset(offset) + keyLength, value);
    return value;
  }

  private boolean inTestPeriod(long nonResidentWord) {
    return Integer.toUnsignedLong((int) head - IndexTable.offset(nonResidentWord)) < capacity;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Making room: the hand

  /** {@return the bytes an entry of this size takes at the tail now, padding to the ring's end included} */
  private long bytesAtTail(int size) {
    int offset = (int) (tail % capacity);
    return capacity - offset < size ? (long) capacity - offset + size : size;
  }

  private long free() {
    return capacity - (tail - head);
  }

  /**
   * Runs the hand until an entry of this size fits at the tail, examining at most the scan limit's entries.
   *
   * @return whether it fits now
   */
  private boolean makeRoom(int size, List<Removal> removals) {
    int examined = 0;
    int moved = 0;
    boolean evicted = false;
    while (free() < bytesAtTail(size)) {
      if (examined == scanLimit) {
        scanLimitReachedCount++;
        recordScan(examined, evicted);
        return false;
      }
      int offset = (int) (head % capacity);
      if (head < unverifiedEnd && !verifiedAtHead(offset)) {
        discardUnverified();
        continue;
      }
      if (ring.get(offset + EntryLayout.FLAGS) == EntryLayout.PADDING) {
        head += capacity - offset;
        continue;
      }
      int entrySize = layout.sizeAt(ring, offset);
      examined++;
      if (ring.get(offset + EntryLayout.FLAGS) == EntryLayout.DEAD) {
        head += entrySize;
        continue;
      }
      int hash = EntryLayout.hash(ring, offset);
      IndexTable index = table;
      int slot = findByOffset(index, hash, offset);
      if (slot < 0 && retiring != null) {
        index = retiring;
        slot = findByOffset(index, hash, offset);
      }
      if (slot < 0) {
        // Unreachable while the index and the ring agree; free the bytes rather than keep an orphan.
        head += entrySize;
        continue;
      }
      long word = index.wordOpaque(slot);
      boolean referenced = (word & IndexTable.REFERENCED) != 0;
      int kind = IndexTable.kind(word);
      if (layout.expires && index.deadlineOpaque(slot) != Lifetimes.NEVER
          && index.deadlineOpaque(slot) <= lastNow) {
        removeResident(index, slot, word, RemovalCause.EXPIRED, removals, false);
        vacate(index, slot);
        head += entrySize;
        continue;
      }
      int nextKind;
      if (kind == IndexTable.HOT) {
        nextKind = !referenced && hotBytes > capacity - coldTarget ? IndexTable.COLD : IndexTable.HOT;
      } else {
        nextKind = referenced ? IndexTable.HOT : -1;
      }
      if (nextKind < 0 || moved == moveLimit) {
        removeResident(index, slot, word, RemovalCause.SIZE, removals, true);
        head += entrySize;
        evicted = true;
        continue;
      }
      moved++;
      move(index, slot, word, offset, entrySize, nextKind, removals);
    }
    recordScan(examined, evicted);
    return true;
  }

  private void recordScan(int examined, boolean evicted) {
    if (examined > maxExamined) {
      maxExamined = examined;
    }
    if (!evicted || examined == 0) {
      return;
    }
    scanCount += examined;
    if (examined <= EXACT_SCAN_LENGTHS) {
      scanLengths[examined]++;
    } else {
      longScansByPowerOfTwo[powerOfTwoAtOrAbove(examined)]++;
    }
    if (examined == scanLimit) {
      scansAtLimit++;
    }
    if (examined > maxScan) {
      maxScan = examined;
    }
  }

  /** {@return the slot whose resident word points at this offset, or -1} */
  private static int findByOffset(IndexTable index, int hash, int offset) {
    int tag = hash & IndexTable.TAG_MASK;
    int slot = index.home(hash);
    for (int probe = 0; probe < index.capacity; probe++) {
      long word = index.wordOpaque(slot);
      int kind = IndexTable.kind(word);
      if (kind == IndexTable.EMPTY) {
        return -1;
      }
      if ((kind == IndexTable.HOT || kind == IndexTable.COLD) && IndexTable.tag(word) == tag
          && IndexTable.offset(word) == offset) {
        return slot;
      }
      slot = index.next(slot);
    }
    return -1;
  }

  /** Moves the entry at the head to the tail with its new kind, its reference bit cleared. */
  private void move(IndexTable index, int slot, long word, int offset, int size, int nextKind,
      List<Removal> removals) {
    if (free() + size < bytesAtTail(size)) {
      // Padding at the ring's end leaves no room for the copy: the entry is evicted instead.
      removeResident(index, slot, word, RemovalCause.SIZE, removals, true);
      head += size;
      return;
    }
    head += size;
    int kind = IndexTable.kind(word);
    // The entry's bytes are freed but not yet overwritten: the new place may overlap them, which the buffer's
    // bulk copy allows (as if through an intermediate copy). Reserving writes at most a padding byte, which lies
    // outside the freed entry.
    int newOffset = reserve(size);
    ring.put(newOffset, ring, offset, size);
    commit(size);
    moveCount++;
    if (kind == IndexTable.HOT && nextKind == IndexTable.COLD) {
      demotionCount++;
      hotCount--;
      hotBytes -= size;
    } else if (kind == IndexTable.COLD && nextKind == IndexTable.HOT) {
      promotionCount++;
      hotCount++;
      hotBytes += size;
    }
    index.setWordOpaque(slot, IndexTable.withOffset(IndexTable.withKind(word & ~IndexTable.REFERENCED, nextKind),
        newOffset));
  }

  /**
   * Appends bytes at the tail, as {@link #reserve} and {@link #commit} around the copy. The caller made room.
   *
   * @return the entry's offset
   */
  private int append(byte[] bytes, int from, int size) {
    int offset = reserve(size);
    ring.put(offset, bytes, from, size);
    commit(size);
    return offset;
  }

  /**
   * Makes the tail the start of an entry of this size (padding to the ring's end first if it does not fit before
   * it) and publishes the head, before the caller writes the entry where freed entries were.
   *
   * @return the entry's offset
   */
  private int reserve(int size) {
    int offset = (int) (tail % capacity);
    if (capacity - offset < size) {
      ring.put(offset + EntryLayout.FLAGS, EntryLayout.PADDING);
      paddingPosition = tail;
      tail += capacity - offset;
      offset = 0;
    }
    if (file != null) {
      file.publishHead(head);
    }
    return offset;
  }

  /** Publishes the tail past an entry of this size, written in full at the offset {@link #reserve} returned. */
  private void commit(int size) {
    tail += size;
    if (file != null) {
      file.publishTail(tail);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Entries adopted at reopening, checked when first used

  /** {@return whether the entry at this offset was adopted at reopening and not yet checked} */
  private boolean unverified(int offset) {
    long from = head;
    long end = unverifiedEnd;
    if (end <= from) {
      return false;
    }
    int headOffset = (int) (from % capacity);
    long position = from - headOffset + offset + (offset < headOffset ? capacity : 0);
    return position < end;
  }

  /** {@return whether the entry at this offset can be served: written since reopening, or its checksum holds} */
  private boolean intact(int offset) {
    if (!unverified(offset)) {
      return true;
    }
    if (offset < 0 || capacity - offset < layout.headerSize) {
      return false;
    }
    long size = layout.entrySize(EntryLayout.keyLength(ring, offset), EntryLayout.valueLength(ring, offset));
    return EntryLayout.valueLength(ring, offset) >= 0 && size <= capacity - offset
        && EntryLayout.checksumHolds(ring, offset, (int) size);
  }

  /**
   * Checks the adopted entry at the head before the hand relies on its bytes: a padding must be the one the clean
   * close recorded; an entry must lie within the adopted range, pass its checksum, and if flagged dead have no
   * resident slot (the flag is outside the checksum).
   */
  private boolean verifiedAtHead(int offset) {
    byte flags = ring.get(offset + EntryLayout.FLAGS);
    if (flags == EntryLayout.PADDING) {
      return head == adoptedPadding;
    }
    if ((flags != 0 && flags != EntryLayout.DEAD) || capacity - offset < layout.headerSize) {
      return false;
    }
    long size = layout.entrySize(EntryLayout.keyLength(ring, offset), EntryLayout.valueLength(ring, offset));
    if (EntryLayout.valueLength(ring, offset) < 0 || size > capacity - offset || head + size > unverifiedEnd
        || !EntryLayout.checksumHolds(ring, offset, (int) size)) {
      return false;
    }
    int hash = EntryLayout.hash(ring, offset);
    return flags == 0 || (findByOffset(table, hash, offset) < 0
        && (retiring == null || findByOffset(retiring, hash, offset) < 0));
  }

  /**
   * Drops every adopted entry the hand has not yet passed, once one of them failed its check: the bytes after a
   * damaged entry cannot be trusted to start another, so the head moves to the end of the adopted range and the
   * sizes are counted again from the entries written since reopening. This is the one step whose work the scan
   * limit does not bound (it visits every slot of the index once); it runs at most once per reopening, and only
   * when the persisted ring was damaged after its clean close.
   */
  private void discardUnverified() {
    discardUnverifiedIn(table);
    if (retiring != null) {
      discardUnverifiedIn(retiring);
    }
    head = unverifiedEnd;
    unverifiedEnd = 0;
    residentCount = 0;
    hotCount = 0;
    residentBytes = 0;
    hotBytes = 0;
    countResidents(table);
    if (retiring != null) {
      countResidents(retiring);
    }
    file.publishHead(head);
  }

  private void discardUnverifiedIn(IndexTable index) {
    for (int slot = 0; slot < index.capacity; slot++) {
      long word = index.wordOpaque(slot);
      if (IndexTable.isResident(word) && unverified(IndexTable.offset(word))) {
        index.setWordOpaque(slot, IndexTable.word(IndexTable.TOMBSTONE, 0, 0));
      }
    }
  }

  private void countResidents(IndexTable index) {
    for (int slot = 0; slot < index.capacity; slot++) {
      long word = index.wordOpaque(slot);
      if (IndexTable.isResident(word)) {
        int size = layout.sizeAt(ring, IndexTable.offset(word));
        residentCount++;
        residentBytes += size;
        if (IndexTable.kind(word) == IndexTable.HOT) {
          hotCount++;
          hotBytes += size;
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The index's upkeep

  /** Migrates a few slots of a retiring table, starts a migration when the table is crowded, sweeps the history. */
  private void maintain(long now) {
    lastNow = now;
    if (retiring != null) {
      migrate(MIGRATION_STEP);
    } else if (table.crowded()) {
      int live = residentCount + historyCount;
      retiring = table;
      migrated = 0;
      // Room too for a word from each write of the migration (one per MIGRATION_STEP slots), so that a crowd of
      // tombstones over few live slots does not leave a table that those writes fill.
      table = new IndexTable(IndexTable.capacityFor(live + retiring.capacity / MIGRATION_STEP + 1), layout.expires);
      historyHand = 0;
    }
    sweepHistory();
  }

  /**
   * Frees a slot: shifted out of the current table, or a tombstone in a retiring one, whose slots the migration
   * and the sweeps number and which therefore must not move. No slot number of the index is valid afterwards.
   */
  private void vacate(IndexTable index, int slot) {
    if (index == table) {
      index.vacate(slot);
    } else {
      index.setWordOpaque(slot, IndexTable.word(IndexTable.TOMBSTONE, 0, 0));
    }
  }

  /** Migrates up to this many slots of the retiring table into the table; the caller checked there is one. */
  private void migrate(int slots) {
    int end = (int) Math.min(retiring.capacity, (long) migrated + slots);
    for (int slot = migrated; slot < end; slot++) {
      long word = retiring.wordOpaque(slot);
      int kind = IndexTable.kind(word);
      if (kind >= IndexTable.COLD) {
        int target = table.claim(IndexTable.tag(word));
        if (retiring.hasDeadlines()) {
          table.setDeadlineOpaque(target, retiring.deadlineOpaque(slot));
        }
        table.setWordOpaque(target, word);
        retiring.setWordOpaque(slot, IndexTable.word(IndexTable.TOMBSTONE, 0, 0));
      }
    }
    migrated = end;
    if (end == retiring.capacity) {
      retiring = null;
    }
  }

  private void sweepHistory() {
    for (int step = 0; step < HISTORY_SWEEP; step++) {
      historyHand = table.next(historyHand);
      long word = table.wordOpaque(historyHand);
      if (IndexTable.kind(word) == IndexTable.NON_RESIDENT && !inTestPeriod(word)) {
        table.vacate(historyHand);
        historyCount--;
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Sweeps over the index, a bounded chunk per call

  /** What {@link #sweep} does with each live entry. */
  enum SweepAction {
    /** Removes every entry (EXPLICIT; EXPIRED for one already expired). */
    REMOVE_ALL,
    /** Removes the entries that have expired. */
    REMOVE_EXPIRED
  }

  /**
   * Applies the action to the live entries whose keys lie in one range of hash order ({@link IndexTable#hashOrder})
   * from {@code from}, a range expected to span about {@code count} slots of the larger table, all under one hold of
   * the write lock. Its removals leave tombstones, so no word moves while it walks; and as a key's place in hash
   * order never changes, ranges that follow one another meet every entry present throughout, however other
   * writes' removals shift words and growth migrates them in between.
   *
   * @return the end of the range swept (exclusive), {@link IndexTable#HASH_ORDER_END} after the last one
   */
  int sweep(int from, int count, SweepAction action, long now, List<Removal> out) {
    ensureOpen();
    long stamp = writeLock();
    try {
      checkOpen();
      lastNow = now;
      int to = hashOrderRangeEnd(from, count);
      sweepResident(table, from, to, action, now, out);
      if (retiring != null) {
        sweepResident(retiring, from, to, action, now, out);
      }
      return to;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  private void sweepResident(IndexTable index, int from, int to, SweepAction action, long now, List<Removal> out) {
    index.forEachResidentInHashOrder(from, to, slot -> {
      long word = index.wordOpaque(slot);
      if (!IndexTable.isResident(word)) {
        return; // a torn entry found earlier in this range discarded it
      }
      if (!intact(IndexTable.offset(word))) {
        discardUnverified(); // leaves tombstones only: no word moves
        return;
      }
      boolean expired = layout.expires && index.deadlineOpaque(slot) <= now;
      if (expired || action == SweepAction.REMOVE_ALL) {
        removeResident(index, slot, word, expired ? RemovalCause.EXPIRED : RemovalCause.EXPLICIT, out, false);
        index.setWordOpaque(slot, IndexTable.word(IndexTable.TOMBSTONE, 0, 0));
      }
    });
  }

  /** {@return the end of a range of hash order from {@code from} expected to span about {@code count} slots} */
  private int hashOrderRangeEnd(int from, int count) {
    int slots = retiring == null ? table.capacity : Math.max(table.capacity, retiring.capacity);
    long width = Math.max(1, (long) count * IndexTable.HASH_ORDER_END / slots);
    return (int) Math.min(IndexTable.HASH_ORDER_END, from + width);
  }

  /**
   * Copies the live entries whose keys lie in one range of hash order ({@link IndexTable#hashOrder}) from
   * {@code from}, for the map view's iterators: a range expected to span about {@code count} slots of the larger
   * table, all taken under one hold of the shared lock. As a key's place in hash order never changes, ranges that
   * follow one another return each entry present throughout exactly once, however removals shift words and growth
   * migrates them in between (docs/offheap.md, "Iteration").
   *
   * @return the end of the range copied (exclusive), {@link IndexTable#HASH_ORDER_END} after the last one
   */
  int copyInHashOrder(int from, int count, long now, List<Removal> out) {
    ensureOpen();
    long stamp = lock.readLock();
    try {
      checkOpen();
      int to = hashOrderRangeEnd(from, count);
      copyResident(table, from, to, now, out);
      if (retiring != null) {
        copyResident(retiring, from, to, now, out);
      }
      return to;
    } finally {
      lock.unlockRead(stamp);
    }
  }

  private void copyResident(IndexTable index, int from, int to, long now, List<Removal> out) {
    index.forEachResidentInHashOrder(from, to, slot -> {
      int offset = IndexTable.offset(index.wordOpaque(slot));
      if (intact(offset) && !(layout.expires && index.deadlineOpaque(slot) <= now)) {
        byte[] key = new byte[EntryLayout.keyLength(ring, offset)];
        ring.get(layout.keyOffset(offset), key);
        out.add(new Removal(key, copyValue(offset), null));
      }
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Opening and closing

  /** What a reopened segment needs to open: the cache's time at reopening and its key hash. */
  record Reopening(long now, KeyHasher hasher) {}

  /** Computes a key's hash as the cache does; used to check restored entries. */
  interface KeyHasher {
    int hash(byte[] key);
  }

  /**
   * Marks this segment, whose persisted file already existed, to open on its first use ({@link #ensureOpen}),
   * so that a reopened cache serves the segments it has opened while the others wait. Called once, before the
   * segment is published.
   */
  void openLazily(Reopening reopening) {
    pending = reopening;
  }

  /**
   * Opens a reopened persisted segment if it has not been yet; every entry point calls this before it takes the
   * lock. The first caller opens under the write lock: it reads the index file of the last clean close (if the
   * header's clean mark names it), clears the mark before anything else is written, then adopts that index,
   * whose entries are checked when first used (see {@link #unverifiedEnd}), or else rebuilds the index by
   * scanning the ring ({@link #rebuild}). Adopting reads only the index file, not the ring, so that a reopened
   * cache serves hits before the operating system has read its rings back from the device.
   */
  private void ensureOpen() {
    if (pending == null) {
      return;
    }
    long stamp = lock.writeLock();
    try {
      Reopening reopening = pending;
      if (reopening == null || closed) {
        return;
      }
      head = file.head();
      tail = file.tail();
      long generation = file.cleanGeneration();
      IndexFile.Snapshot snapshot = generation == 0 ? null
          : IndexFile.read(IndexFile.pathOf(file.path), generation, head, tail, layout.expires);
      if (generation != 0) {
        file.markClean(0);
      }
      if (snapshot != null) {
        adopt(snapshot);
      } else {
        rebuild(reopening);
      }
      pending = null;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  private void adopt(IndexFile.Snapshot snapshot) {
    table = snapshot.table();
    residentCount = snapshot.residentCount();
    hotCount = snapshot.hotCount();
    historyCount = snapshot.historyCount();
    residentBytes = snapshot.residentBytes();
    hotBytes = snapshot.hotBytes();
    paddingPosition = snapshot.paddingPosition();
    adoptedPadding = paddingPosition;
    unverifiedEnd = tail;
  }

  /**
   * Rebuilds the index from the ring: keeps each entry whose checksum holds and whose hash matches its key, the
   * later of two with the same key, and stops at the first entry that fails (the bytes after it cannot be trusted
   * to start an entry), which becomes the tail; except that an entry whose checksum fails but whose hash matches
   * its key is a rewrite in place torn by a crash (see {@link #rewrite}), which is marked dead and passed. Entries
   * that had expired at reopening are dropped. Every entry starts cold and unreferenced.
   */
  private void rebuild(Reopening reopening) {
    tail = walk(reopening);
    file.publishHead(head);
    file.publishTail(tail);
  }

  /**
   * Walks the ring from head to tail, checking each entry's bounds and checksum (dead entries only for their
   * bounds), and restores each good entry into the index.
   *
   * @return the position of the first entry that failed, or the tail if none did
   */
  private long walk(Reopening reopening) {
    long position = head;
    while (position < tail) {
      int offset = (int) (position % capacity);
      byte flags = ring.get(offset + EntryLayout.FLAGS);
      if (flags == EntryLayout.PADDING) {
        paddingPosition = position;
        position += capacity - offset;
        continue;
      }
      if (capacity - offset < layout.headerSize) {
        break;
      }
      long size = layout.entrySize(EntryLayout.keyLength(ring, offset), EntryLayout.valueLength(ring, offset));
      if (EntryLayout.valueLength(ring, offset) < 0 || size > capacity - offset || position + size > tail) {
        break;
      }
      if (flags != EntryLayout.DEAD) {
        if (flags != 0) {
          break;
        }
        if (EntryLayout.checksumHolds(ring, offset, (int) size)) {
          restore(offset, (int) size, reopening.now(), reopening.hasher());
        } else if (hashMatchesKey(offset, reopening.hasher())) {
          // A rewrite in place the crash tore: its lengths and key are those of the entry it replaced, so the
          // next entry starts where the walk expects it.
          ring.put(offset + EntryLayout.FLAGS, EntryLayout.DEAD);
        } else {
          break;
        }
      }
      position += size;
    }
    return Math.min(position, tail);
  }

  /** Whether the hash in the header of the entry at the offset is its key's; its lengths were checked. */
  private boolean hashMatchesKey(int offset, KeyHasher hasher) {
    byte[] key = new byte[EntryLayout.keyLength(ring, offset)];
    ring.get(layout.keyOffset(offset), key);
    return hasher.hash(key) == EntryLayout.hash(ring, offset);
  }

  private void restore(int offset, int size, long now, KeyHasher hasher) {
    int keyLength = EntryLayout.keyLength(ring, offset);
    byte[] key = new byte[keyLength];
    ring.get(layout.keyOffset(offset), key);
    int hash = EntryLayout.hash(ring, offset);
    if (hasher.hash(key) != hash || layout.deadline(ring, offset) <= now) {
      ring.put(offset + EntryLayout.FLAGS, EntryLayout.DEAD);
      return;
    }
    if (table.crowded()) {
      IndexTable larger = new IndexTable(IndexTable.capacityFor(2 * table.filled), layout.expires);
      for (int slot = 0; slot < table.capacity; slot++) {
        long word = table.wordOpaque(slot);
        if (IndexTable.isResident(word)) {
          int target = larger.claim(IndexTable.tag(word));
          larger.setWordOpaque(target, word);
          if (layout.expires) {
            larger.setDeadlineOpaque(target, table.deadlineOpaque(slot));
          }
        }
      }
      table = larger;
    }
    int slot = findResident(table, key, 0, keyLength, hash);
    if (slot >= 0) {
      removeResident(table, slot, table.wordOpaque(slot), RemovalCause.REPLACED, null, false);
    } else {
      slot = table.claim(hash);
    }
    table.setWordOpaque(slot, IndexTable.word(IndexTable.COLD, hash, offset));
    if (layout.expires) {
      table.setDeadlineOpaque(slot, layout.deadline(ring, offset));
    }
    residentCount++;
    residentBytes += size;
  }

  /**
   * Closes the segment: waits for operations in flight, publishes the positions and flushes a persisted file.
   * A persisted segment that was opened then writes its index to its {@link IndexFile} and, once that is on the
   * device, sets the clean mark that lets the next open adopt it; one never opened keeps its files as they were.
   */
  void close() {
    long stamp = lock.writeLock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      if (file != null && pending == null) {
        file.publishHead(head);
        file.publishTail(tail);
        file.force();
        if (retiring != null) {
          migrate(retiring.capacity);
        }
        long generation = ThreadLocalRandom.current().nextLong() | 1;
        IndexFile.write(IndexFile.pathOf(file.path), generation, head, tail,
            new IndexFile.Snapshot(table, residentCount, hotCount, historyCount, residentBytes, hotBytes,
                paddingPosition));
        file.markClean(generation);
      }
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  private void checkOpen() {
    if (closed) {
      throw closedException();
    }
  }

  private static IllegalStateException closedException() {
    return new IllegalStateException("the cache is closed");
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Statistics, read without a lock

  /** Lock acquisitions that waited, and their total wait; written under the write lock once it is held. */
  private volatile long lockWaitCount;
  private volatile long lockWaitNanos;

  private long writeLock() {
    long stamp = lock.tryWriteLock();
    if (stamp != 0) {
      return stamp;
    }
    long start = System.nanoTime();
    stamp = lock.writeLock();
    lockWaitCount++;
    lockWaitNanos += System.nanoTime() - start;
    return stamp;
  }

  int residentCount() {
    ensureOpen();
    return residentCount;
  }

  int hotCount() {
    ensureOpen();
    return hotCount;
  }

  int historyCount() {
    ensureOpen();
    return historyCount;
  }

  long residentBytes() {
    ensureOpen();
    return residentBytes;
  }

  long coldTarget() {
    return coldTarget;
  }

  long coldTargetFloor() {
    return coldTargetFloor;
  }

  long evictionCount() {
    return evictionCount;
  }

  long evictedBytes() {
    return evictedBytes;
  }

  long expirationCount() {
    return expirationCount;
  }

  long scanCount() {
    return scanCount;
  }

  int maxScan() {
    return maxScan;
  }

  long promotionCount() {
    return promotionCount;
  }

  long demotionCount() {
    return demotionCount;
  }

  long historyHitCount() {
    return historyHitCount;
  }

  long scanLimitReachedCount() {
    return scanLimitReachedCount;
  }

  long moveCount() {
    return moveCount;
  }

  int maxExamined() {
    return maxExamined;
  }

  long lockWaitCount() {
    return lockWaitCount;
  }

  long lockWaitNanos() {
    return lockWaitNanos;
  }

  /** {@return evictions by scan that examined at most this many entries; a benign racy read} */
  long evictionCountAtMost(int examined) {
    if (examined >= scanLimit) {
      return evictionCountScanned();
    }
    if (examined == scanLimit - 1) {
      return evictionCountScanned() - scansAtLimit;
    }
    long count = 0;
    for (int length = 1; length <= Math.min(examined, scanLengths.length - 1); length++) {
      count += scanLengths[length];
    }
    for (int power = powerOfTwoAtOrAbove(EXACT_SCAN_LENGTHS + 1); power < longScansByPowerOfTwo.length; power++) {
      if (power == Integer.SIZE - 1 || (1 << power) > examined) {
        break;
      }
      count += longScansByPowerOfTwo[power];
    }
    return count;
  }

  /** {@return every eviction by scan} */
  private long evictionCountScanned() {
    long count = 0;
    for (long scans : scanLengths) {
      count += scans;
    }
    for (long scans : longScansByPowerOfTwo) {
      count += scans;
    }
    return count;
  }

  /** {@return the exponent {@code k} of the smallest {@code 2^k} at or above {@code length}, at least 2} */
  private static int powerOfTwoAtOrAbove(int length) {
    return Integer.SIZE - Integer.numberOfLeadingZeros(length - 1);
  }

  /** {@return the bytes outside the heap: the ring and the index tables} */
  long offHeapBytes() {
    IndexTable old = retiring;
    return capacity + table.bytes() + (old == null ? 0 : old.bytes());
  }
}
