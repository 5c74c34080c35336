package io.github.clockpro.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * What the expiry work of one critical section leaves for after the eviction lock: the entries it removed, which
 * the thread reports to the listener, and a run of {@code cleanUp()} to ask the scheduler for. Made only when
 * there is something to leave, so that an operation with no expiry work allocates nothing for it.
 */
final class Expirations<K, V> {

  /** The expired entries removed, retired, so their values are final. */
  final List<Node<K, V>> removed = new ArrayList<>();
  /** The pacer's number for the run to ask for, or 0 for none; see {@link Pacer}. */
  long runSequence;
  /** Nanoseconds from now until that run. */
  long runDelay;
}
