package io.github.clockpro.differential;

/** The two caches' outcomes of one step, or of one check at the end of a sequence, differ. */
final class Disagreement extends AssertionError {

  private final String kind;

  /**
   * @param kind what disagreed, without the step's position: the operation, or the check at the end
   * @param message the whole report: where, and both outcomes
   */
  Disagreement(String kind, String message) {
    super(message);
    this.kind = kind;
  }

  /** What disagreed, so that a shorter sequence can be told to fail the same way. */
  String kind() {
    return kind;
  }
}
