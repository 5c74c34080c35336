package io.github.clockpro;

/**
 * A cache value whose equality is identity, so that the properties can tell a value from an equal copy: the
 * cache reports {@link RemovalCause#REPLACED} only when a write changes the value to a different instance.
 */
final class Value {

  private final int serial;

  Value(int serial) {
    this.serial = serial;
  }

  /** The value's serial number, unique within a sequence: the test's {@code Expiry} reads lifetimes from it. */
  int serial() {
    return serial;
  }

  @Override
  public String toString() {
    return "v" + serial;
  }
}
