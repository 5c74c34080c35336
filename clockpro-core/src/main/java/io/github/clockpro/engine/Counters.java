package io.github.clockpro.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/**
 * The counts that operations update outside the eviction lock: the statistics (hits, misses, puts, loads and load
 * time, bulk loads and refreshes, waits for the eviction lock and their time) and the fills of load placeholders, which
 * {@link BoundedCache#size()} adds to the entries it counts under the lock. Exact, and counted without an atomic
 * instruction, because every thread counts in a cell only it writes.
 *
 * <p>Access modes: the {@code record} methods are a plain read and an opaque write of the calling thread's cell;
 * {@link #sums()} reads every cell opaquely under this object's monitor. A sum taken while threads count may miss
 * their latest updates, as {@link java.util.concurrent.atomic.LongAdder#sum()} may; a sum taken after they have
 * ended, or after any other happens-before edge, sees every one.
 *
 * <h2>Why</h2>
 * A hit does no other shared write: a lookup in the table and a racy bump of the node's reference count. A
 * {@link java.util.concurrent.atomic.LongAdder}'s update is an atomic read-modify-write, and on x86 that is a full
 * fence: it waits for the operation's own loads, so consecutive lookups could not overlap their cache misses. A
 * cell that only its own thread writes needs no atomic instruction.
 *
 * <h2>Design</h2>
 * A {@link ThreadLocal} gives each thread its cell; the first update of a thread creates it and registers its
 * counts under this object's monitor. The registration holds the counts strongly and the cell weakly, and nothing
 * but the thread's own thread-local map holds the cell: when the thread ends, the JDK drops that map, the next
 * garbage collection clears the registration's reference, and the counts are final (the thread ended before its
 * map became unreachable, and a collection lies between its last write and the clearing). So the cache never
 * keeps a thread, or anything a thread references, from being collected. When the list of registrations has
 * doubled since the last sweep, a registration sweeps it: the registrations whose cell is gone are folded into
 * {@link #retired} and dropped, so the list stays within about twice the threads that have used the cache and not
 * yet been collected, and registration costs O(1) amortised even where every task runs on a new thread. A cell's
 * counts sit in the middle of a {@code long[]} with 128 bytes of padding on each side, so that its writes do not
 * take away lines that other threads read.
 *
 * <p>Memory: about 400 bytes per thread that has used this cache, and one entry in that thread's thread-local
 * map, dropped by the JDK when the cache is garbage.
 */
final class Counters {

  static final int HITS = 0;
  static final int MISSES = 1;
  static final int PUTS = 2;
  static final int LOAD_SUCCESSES = 3;
  static final int LOAD_FAILURES = 4;
  static final int TOTAL_LOAD_TIME = 5;
  /** Placeholders filled with their first value: entries that joined the cache outside the eviction lock. */
  static final int FILLS = 6;
  /** Acquisitions of the eviction lock that found it held and waited for it. */
  static final int LOCK_WAITS = 7;
  /** Nanoseconds those acquisitions waited, in total. */
  static final int LOCK_WAIT_TIME = 8;
  /** Calls of a bulk loader that returned a valid map (each is also a load success). */
  static final int BULK_LOAD_SUCCESSES = 9;
  /** Calls of a bulk loader that threw or returned an invalid map (each is also a load failure). */
  static final int BULK_LOAD_FAILURES = 10;
  /** Reloads of a refresh that returned. */
  static final int REFRESH_SUCCESSES = 11;
  /** Reloads of a refresh that threw. */
  static final int REFRESH_FAILURES = 12;
  /** The number of counts. */
  static final int COUNTS = 13;

  /** Longs of padding before and after a cell's counts: 128 bytes, two cache lines. */
  static final int PADDING = 16;

  /** The smallest number of registered cells at which a registration sweeps. */
  private static final int FIRST_SWEEP = 16;

  private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);

  private final ThreadLocal<Cell> cells = ThreadLocal.withInitial(this::register);

  /** Guarded by this. The registrations of cells not yet known to be gone. */
  private final List<Registration> registered = new ArrayList<>();
  /** Guarded by this. The counts of the cells dropped because their thread ended. */
  private final long[] retired = new long[COUNTS];
  /** Guarded by this. The number of registered cells at which the next registration sweeps. */
  private int sweepAt = FIRST_SWEEP;

  void recordHit() {
    cells.get().add(HITS, 1);
  }

  void recordMiss() {
    cells.get().add(MISSES, 1);
  }

  /** Records misses of keys that a failed {@code getAll} did not reach, as Caffeine counts them. */
  void recordMisses(int count) {
    cells.get().add(MISSES, count);
  }

  void recordPut() {
    cells.get().add(PUTS, 1);
  }

  /** Records a load that returned a value, and how long it took. */
  void recordLoadSuccess(long nanos) {
    Cell cell = cells.get();
    cell.add(LOAD_SUCCESSES, 1);
    cell.add(TOTAL_LOAD_TIME, nanos);
  }

  /** Records a load that threw or returned {@code null}, and how long it took. */
  void recordLoadFailure(long nanos) {
    Cell cell = cells.get();
    cell.add(LOAD_FAILURES, 1);
    cell.add(TOTAL_LOAD_TIME, nanos);
  }

  /** Records a call of a bulk loader, which is also a load, and how long it took. */
  void recordBulkLoad(boolean succeeded, long nanos) {
    Cell cell = cells.get();
    cell.add(succeeded ? BULK_LOAD_SUCCESSES : BULK_LOAD_FAILURES, 1);
    cell.add(succeeded ? LOAD_SUCCESSES : LOAD_FAILURES, 1);
    cell.add(TOTAL_LOAD_TIME, nanos);
  }

  /**
   * Records a reload of a refresh, and how long it took; one that returned a value is also a load success, one
   * that threw or returned {@code null} a load failure.
   */
  void recordRefresh(boolean succeeded, boolean loadedValue, long nanos) {
    Cell cell = cells.get();
    cell.add(succeeded ? REFRESH_SUCCESSES : REFRESH_FAILURES, 1);
    cell.add(loadedValue ? LOAD_SUCCESSES : LOAD_FAILURES, 1);
    cell.add(TOTAL_LOAD_TIME, nanos);
  }

  /** Records an acquisition of the eviction lock that waited, and how long; see {@link EvictionLock}. */
  void recordLockWait(long nanos) {
    Cell cell = cells.get();
    cell.add(LOCK_WAITS, 1);
    cell.add(LOCK_WAIT_TIME, nanos);
  }

  /** Records the fill of a placeholder; see {@link #FILLS}. */
  void recordFill() {
    cells.get().add(FILLS, 1);
  }

  /** Returns the number of fills recorded; allocates nothing, because {@link BoundedCache#size()} calls it. */
  long fills() {
    return sum(FILLS);
  }

  /** Returns every count, indexed by {@link #HITS} and the other constants. */
  synchronized long[] sums() {
    long[] totals = new long[COUNTS];
    for (int index = 0; index < COUNTS; index++) {
      totals[index] = sum(index);
    }
    return totals;
  }

  /** Returns one count over every cell, those retired included; allocates nothing. */
  private synchronized long sum(int index) {
    long total = retired[index];
    for (int cell = 0; cell < registered.size(); cell++) { // by index: an iterator is an allocation until compiled
      total += get(registered.get(cell).counts, index);
    }
    return total;
  }

  /** The number of cells registered, for tests. */
  synchronized int registeredCells() {
    return registered.size();
  }

  private synchronized Cell register() {
    if (registered.size() >= sweepAt) {
      sweep();
      sweepAt = Math.max(FIRST_SWEEP, 2 * registered.size());
    }
    Cell cell = new Cell();
    registered.add(new Registration(cell));
    return cell;
  }

  private void sweep() {
    int kept = 0;
    for (Registration registration : registered) {
      if (registration.get() != null) {
        registered.set(kept++, registration);
      } else {
        for (int index = 0; index < COUNTS; index++) {
          retired[index] += get(registration.counts, index);
        }
      }
    }
    registered.subList(kept, registered.size()).clear();
  }

  private static long get(long[] counts, int index) {
    return (long) COUNT.getOpaque(counts, PADDING + index);
  }

  /** One thread's counts, reachable strongly only from that thread's thread-local map. */
  private static final class Cell {
    /**
     * The counts at {@code PADDING + index}, written only by the thread whose cell this is, with opaque writes,
     * and read by others with opaque reads; the rest is padding.
     */
    final long[] counts = new long[PADDING + COUNTS + PADDING];

    /** Adds to a count; called by the owning thread only, so a plain read of its own last write is current. */
    void add(int index, long delta) {
      int slot = PADDING + index;
      COUNT.setOpaque(counts, slot, counts[slot] + delta);
    }
  }

  /** A cell's counts, held strongly, and the cell, held weakly: cleared once its thread has ended. */
  private static final class Registration extends WeakReference<Cell> {
    final long[] counts;

    Registration(Cell cell) {
      super(cell);
      this.counts = cell.counts;
    }
  }
}
