package io.github.clockpro;

/**
 * A cache key for the properties. Keys are equal when their ids are; their hash codes collide in groups of
 * {@code collisionGroup} consecutive ids, so that one hash bin of the map and one entry of the non-resident
 * history stand for several keys.
 *
 * @param id the key's identity
 * @param collisionGroup how many consecutive ids share one hash code; 1 for no collisions
 */
record Key(int id, int collisionGroup) {

  @Override
  public boolean equals(Object other) {
    return other instanceof Key key && key.id == id;
  }

  @Override
  public int hashCode() {
    return id / collisionGroup;
  }

  @Override
  public String toString() {
    return "k" + id;
  }
}
