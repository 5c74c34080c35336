package io.github.clockpro;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The hit count: exact, and counted without an atomic instruction, because every thread counts its own hits in a
 * cell only it writes.
 *
 * <p>Access modes: {@link #increment()} is a plain read and an opaque write of the calling thread's cell;
 * {@link #sum()} reads every cell opaquely under this object's monitor. A sum taken while threads count may miss
 * their latest increments, as {@link java.util.concurrent.atomic.LongAdder#sum()} may; a sum taken after they
 * have ended, or after any other happens-before edge, sees every one.
 *
 * <h2>Why</h2>
 * A hit does no other shared write: a lookup in the table and a racy bump of the node's counter. A
 * {@link java.util.concurrent.atomic.LongAdder} adds one atomic read-modify-write per hit, and on x86 that is a
 * full fence: it waits for the hit's own loads, so consecutive lookups can no longer overlap their cache misses.
 * The paired comparison in clockpro-bench ({@code paired --workload hits}, two threads, 100% hits) measured about
 * a third more hits per second once the hit count stopped using one.
 *
 * <h2>Design</h2>
 * A {@link ThreadLocal} gives each thread its cell; the first hit of a thread creates and registers it under this
 * object's monitor. A cell remembers its thread. When the list of cells has doubled since the last sweep, the
 * registration sweeps it: the cells of threads that have ended are folded into {@link #retired} and dropped, so
 * the list stays within twice the number of live threads that have counted a hit, and registration costs O(1)
 * amortised even where every task runs on a new thread. The end of a thread happens-before
 * {@link Thread#isAlive()} returning {@code false}, so a folded cell's value is final. Each cell sits between 128
 * bytes of padding, as {@link PaddedCount} does, so that its writes do not take away lines that other threads
 * read.
 *
 * <p>Memory: about 300 bytes per thread that has counted a hit on this cache, and one entry in that thread's
 * thread-local map, dropped by the JDK when the cache is garbage.
 */
final class HitCounter {

  /** The smallest number of registered cells at which a registration sweeps. */
  private static final int FIRST_SWEEP = 16;

  private final ThreadLocal<Cell> cells = ThreadLocal.withInitial(this::register);

  /** Guarded by this. The cells of threads not yet known to have ended. */
  private final List<Cell> registered = new ArrayList<>();
  /** Guarded by this. The sum of the cells dropped because their thread ended. */
  private long retired;
  /** Guarded by this. The number of registered cells at which the next registration sweeps. */
  private int sweepAt = FIRST_SWEEP;

  /** Counts one hit of the calling thread. */
  void increment() {
    cells.get().increment();
  }

  /** Returns the hits counted. */
  synchronized long sum() {
    long total = retired;
    for (Cell cell : registered) {
      total += cell.get();
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
    Cell cell = new Cell(Thread.currentThread());
    registered.add(cell);
    return cell;
  }

  private void sweep() {
    int kept = 0;
    for (Cell cell : registered) {
      if (cell.owner.isAlive()) {
        registered.set(kept++, cell);
      } else {
        retired += cell.get();
      }
    }
    registered.subList(kept, registered.size()).clear();
  }

  /** One thread's count, between padding; see the class comment. */
  static final class Cell extends CellValue {
    long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;

    Cell(Thread owner) {
      super(owner);
    }
  }

  /** The padding before a cell's fields. */
  abstract static class CellLeading {
    int gap;
    long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
  }

  /** A cell's fields. */
  abstract static class CellValue extends CellLeading {
    private static final VarHandle VALUE;

    static {
      try {
        VALUE = MethodHandles.lookup().findVarHandle(CellValue.class, "value", long.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    /** The thread that writes {@link #value}; set once. */
    final Thread owner;
    /** Written only by {@link #owner}, with opaque writes; read by others with opaque reads. */
    private long value;

    CellValue(Thread owner) {
      this.owner = owner;
    }

    /** Adds one; called by the owner only, so a plain read of its own last write is current. */
    void increment() {
      VALUE.setOpaque(this, value + 1);
    }

    long get() {
      return (long) VALUE.getOpaque(this);
    }
  }
}
