package io.github.clockpro.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Makes a failing differential sequence as short as it can while it keeps failing the same way: it leaves out
 * blocks of steps, halving the block down to one step, until no single step can go, then tries simpler settings
 * (no weigher, no bulk loader, no expiry). "The same way" means a disagreement of the same kind
 * ({@link Disagreement#kind}), so that the search does not wander off to a different fault.
 *
 * <p>The same search as {@code ActionSequenceShrinker}'s, over this test's sequences: QuickTheories shrinks the
 * draws a value was made of and never removes a step from the middle of a list.
 */
final class DifferentialShrinker {

  /** The most sequences one shrink may run: enough for the longest sequences, bounded in time. */
  private static final int MAXIMUM_RUNS = 20_000;

  /** A failing sequence no single step of which can be left out, and the disagreement it ends with. */
  record Shrunk(DifferentialSequence sequence, Disagreement failure, int runs) {}

  private final String kind;
  private DifferentialSequence current;
  private Disagreement failure;
  private int runs;

  private DifferentialShrinker(DifferentialSequence failing) {
    this.current = failing;
    this.failure = failureOf(failing).orElseThrow(
        () -> new IllegalArgumentException("the sequence passes: " + failing.summary()));
    this.kind = failure.kind();
    this.runs = 1;
  }

  static Shrunk shrink(DifferentialSequence failing) {
    DifferentialShrinker shrinker = new DifferentialShrinker(failing);
    do {
      shrinker.removeSteps();
    } while (shrinker.simplifySettings());
    return new Shrunk(shrinker.current, shrinker.failure, shrinker.runs);
  }

  private void removeSteps() {
    int blockSize = Math.max(1, current.steps().size() / 2);
    while (runs < MAXIMUM_RUNS) {
      boolean removedAny = false;
      for (int start = current.steps().size() - blockSize; start >= 0 && runs < MAXIMUM_RUNS; start--) {
        List<Step> fewer = new ArrayList<>(current.steps());
        fewer.subList(start, Math.min(start + blockSize, fewer.size())).clear();
        removedAny |= keepIfFailing(current.withSteps(fewer));
      }
      if (blockSize > 1) {
        blockSize = Math.max(1, Math.min(blockSize / 2, current.steps().size() / 2));
      } else if (!removedAny) {
        return;
      }
    }
  }

  private boolean simplifySettings() {
    Settings settings = current.settings();
    boolean simplified = false;
    if (settings.weighted()) {
      simplified |= keepIfFailing(current.withSettings(new Settings(settings.expiry(), settings.scale(),
          settings.lifetimeUnits(), false, settings.bulkLoader(), settings.keys(), settings.start(), settings.references())));
    }
    settings = current.settings();
    if (settings.bulkLoader()) {
      simplified |= keepIfFailing(current.withSettings(new Settings(settings.expiry(), settings.scale(),
          settings.lifetimeUnits(), settings.weighted(), false, settings.keys(), settings.start(), settings.references())));
    }
    settings = current.settings();
    if (settings.expiry() != Settings.ExpiryKind.NONE) {
      simplified |= keepIfFailing(current.withSettings(new Settings(Settings.ExpiryKind.NONE, settings.scale(),
          settings.lifetimeUnits(), settings.weighted(), settings.bulkLoader(), settings.keys(), settings.start(), settings.references())));
    }
    settings = current.settings();
    if (settings.references() != Settings.References.STRONG) {
      simplified |= keepIfFailing(current.withSettings(new Settings(settings.expiry(), settings.scale(),
          settings.lifetimeUnits(), settings.weighted(), settings.bulkLoader(), settings.keys(), settings.start(),
          Settings.References.STRONG)));
    }
    return simplified;
  }

  /** Runs the candidate; if it fails the same way, it becomes the current sequence. */
  private boolean keepIfFailing(DifferentialSequence candidate) {
    runs++;
    Optional<Disagreement> candidateFailure = failureOf(candidate);
    if (candidateFailure.isPresent() && candidateFailure.get().kind().equals(kind)) {
      current = candidate;
      failure = candidateFailure.get();
      return true;
    }
    return false;
  }

  private static Optional<Disagreement> failureOf(DifferentialSequence sequence) {
    try {
      sequence.run();
      return Optional.empty();
    } catch (Disagreement failure) {
      return Optional.of(failure);
    }
  }
}
