package io.github.clockpro.jcstress;

/**
 * A cached value that tells whether a reader saw it whole. {@link #name} is final, so the Java memory model
 * lets every thread that sees the object see it; {@link #nameAgain} is not, so a thread sees it only if the
 * object reached it through a happens-before edge, as the cache's publication of values must provide. A reader
 * that finds the two different saw an object published without one.
 */
public final class Payload {

  /** What the test calls this value; final. */
  private final String name;
  /** Equal to {@link #name} once constructed; plain, so that an unsafe publication may show it as null. */
  private String nameAgain;

  public Payload(String name) {
    this.name = name;
    this.nameAgain = name;
  }

  /**
   * Names what a read returned, for a jcstress outcome: {@code "null"}, the payload's name, {@code "torn"} for a
   * payload seen before its constructor's writes, or {@code "foreign"} and the class for any other object (such
   * as the cache's internal placeholder for a load in flight).
   *
   * @param value what the cache returned; may be null
   * @return the outcome's word for it
   */
  public static String describe(Object value) {
    if (value == null) {
      return "null";
    }
    if (!(value instanceof Payload payload)) {
      return "foreign " + value.getClass().getName();
    }
    if (!payload.name.equals(payload.nameAgain)) {
      return "torn";
    }
    return payload.name;
  }
}
