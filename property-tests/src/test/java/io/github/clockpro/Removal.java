package io.github.clockpro;

/**
 * One call of the removal listener, or one call the properties expect.
 *
 * @param key the removed key
 * @param value the removed value, compared by identity
 * @param cause why it was removed
 */
record Removal(Key key, Value value, RemovalCause cause) {

  @Override
  public boolean equals(Object other) {
    return other instanceof Removal removal
        && removal.key.equals(key) && removal.value == value && removal.cause == cause;
  }

  @Override
  public int hashCode() {
    return key.hashCode() * 31 + System.identityHashCode(value);
  }
}
