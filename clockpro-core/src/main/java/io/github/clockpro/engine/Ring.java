package io.github.clockpro.engine;

/**
 * A circular doubly linked list of nodes with a hand: one of the cache's two clocks.
 *
 * <p>New nodes are added just behind the hand, so the hand reaches them last: the position the CLOCK-Pro paper
 * calls the list head. Removal of any node is O(1). Not thread-safe: used only under the eviction lock.
 */
final class Ring<K, V> {

  /** Written under the eviction lock; {@link #hand()} may also be read without it, racily, for prefetching. */
  private Node<K, V> hand;
  private int size;

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The node the hand points to, or {@code null} if the clock is empty. */
  Node<K, V> hand() {
    return hand;
  }

  /** Moves the hand one node forward. */
  void advance() {
    hand = hand.next;
  }

  /** Adds the node behind the hand, where the hand will reach it after every other node. */
  void addBehindHand(Node<K, V> node) {
    if (hand == null) {
      node.previous = node;
      node.next = node;
      hand = node;
    } else {
      Node<K, V> last = hand.previous;
      last.next = node;
      node.previous = last;
      node.next = hand;
      hand.previous = node;
    }
    size++;
  }

  /** Removes the node; if the hand pointed to it, the hand moves to the next node. */
  void remove(Node<K, V> node) {
    if (node.next == node) {
      hand = null;
    } else {
      node.previous.next = node.next;
      node.next.previous = node.previous;
      if (hand == node) {
        hand = node.next;
      }
    }
    node.previous = null;
    node.next = null;
    node.status = Node.UNLINKED;
    size--;
  }
}
