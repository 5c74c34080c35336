package io.github.clockpro.differential;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A generated case of the differential test: the options both caches are built with, and the steps to run on
 * both.
 *
 * <p>{@link #run} runs each step on clockpro's cache and then on Caffeine's, at the same time of the shared ticker,
 * and requires the two {@link Outcome}s to be equal. At the end it compares what is left: the live contents; then,
 * after {@code cleanUp()}, clockpro's size and weight with its live entries (its own contract); and finally,
 * after {@code invalidateAll()} has removed every entry, every expiration either cache reported during the whole
 * run, as a multiset.
 *
 * @param settings the caches' options
 * @param steps the steps, in order
 */
record DifferentialSequence(Settings settings, List<Step> steps) {

  DifferentialSequence {
    steps = List.copyOf(steps);
  }

  /**
   * Runs the steps on new caches.
   *
   * @throws Disagreement at the first disagreement, naming the step and both outcomes
   */
  void run() {
    SharedTicker ticker = new SharedTicker(settings.start());
    Side clockpro = new Side(ClockproSide::build, settings, ticker);
    Side caffeine = new Side(CaffeineSide::build, settings, ticker);
    for (int index = 0; index < steps.size(); index++) {
      Step step = steps.get(index);
      if (step.movesTicker()) {
        ticker.advance(step.tickerMove(settings.scale()));
        continue;
      }
      agree(step.operation().name(), "step " + (index + 1) + " of " + steps.size() + ", "
          + step.java(settings.scale()), clockpro.run(step), caffeine.run(step));
    }
    compareAtEnd(clockpro, caffeine);
  }

  private void compareAtEnd(Side clockpro, Side caffeine) {
    String end = "the end, after all " + steps.size() + " steps, ";
    Map<Integer, Integer> live = new TreeMap<>(clockpro.asMap());
    agree("live contents", end + "live contents", live, new TreeMap<>(caffeine.asMap()));
    Step cleanUp = Step.withoutArguments(Step.Operation.CLEAN_UP);
    agree("final cleanUp", end + cleanUp.java(settings.scale()), clockpro.run(cleanUp), caffeine.run(cleanUp));
    if (settings.expiry() != Settings.ExpiryKind.VARIABLE) {
      // clockpro's cleanUp() removes every entry whose deadline has passed, so what it holds then is what reads
      // see. Caffeine's cleanUp() promises no particular work, and does leave expired entries: with weights and
      // expiry after access, one that its access-order queues hold behind a live entry. So clockpro is held to its
      // own contract here, by its live contents. With an Expiry it holds an entry whose deadline a read brought
      // forward until the earlier-scheduled time (docs/design.md, "Where expiry departs from Caffeine").
      agree("size", end + "size after cleanUp() against the live entries", clockpro.size(), (long) live.size());
      agree("weighted size", end + "weighted size after cleanUp() against the live entries",
          clockpro.weightedSize(), settings.weighted() ? OptionalLong.of(weightOf(live)) : OptionalLong.empty());
    }
    Step invalidateAll = Step.withoutArguments(Step.Operation.INVALIDATE_ALL);
    agree("final invalidateAll", end + invalidateAll.java(settings.scale()), clockpro.run(invalidateAll),
        caffeine.run(invalidateAll));
    agree("expirations", end + "the expirations of the whole run", clockpro.expirations(), caffeine.expirations());
    // Each count is compared unless a step's kind is counted differently by design: Caffeine's map view counts
    // computeIfAbsent as a hit or a miss, clockpro's view counts no hit or miss (ClockProCache.asMap); Caffeine
    // counts the functions of the view's compute, computeIfAbsent, computeIfPresent and merge as loads, clockpro
    // counts their results as writes (CacheStats); bulk loads are counted apart (CacheStats.bulkLoadSuccessCount),
    // where Caffeine counts a bulk call that leaves a key out as a failure.
    boolean hitsDiffer = uses(Step.Operation.COMPUTE_IF_ABSENT);
    boolean loadsDiffer = uses(Step.Operation.GET_ALL) || uses(Step.Operation.LOADING_GET_ALL)
        || uses(Step.Operation.COMPUTE_IF_ABSENT) || uses(Step.Operation.COMPUTE) || uses(Step.Operation.COMPUTE_IF_PRESENT)
        || uses(Step.Operation.MERGE);
    List<Long> ours = clockpro.statistics();
    List<Long> theirs = caffeine.statistics();
    agree("statistics", end + "evictions", ours.get(4), theirs.get(4));
    if (!hitsDiffer) {
      agree("statistics", end + "hits and misses", ours.subList(0, 2), theirs.subList(0, 2));
    }
    if (!loadsDiffer) {
      agree("statistics", end + "load successes and failures", ours.subList(2, 4), theirs.subList(2, 4));
    }
  }

  private boolean uses(Step.Operation operation) {
    return steps.stream().anyMatch(step -> step.operation() == operation);
  }

  private static long weightOf(Map<Integer, Integer> entries) {
    SharedWeigher weigher = new SharedWeigher();
    long weight = 0;
    for (Map.Entry<Integer, Integer> entry : entries.entrySet()) {
      weight += weigher.weigh(entry.getKey(), entry.getValue());
    }
    return weight;
  }

  private static void agree(String kind, String what, Object ours, Object theirs) {
    if (!Objects.equals(ours, theirs)) {
      throw new Disagreement(kind, what + ": clockpro " + ours + ", caffeine " + theirs);
    }
  }

  DifferentialSequence withSteps(List<Step> fewer) {
    return new DifferentialSequence(settings, fewer);
  }

  DifferentialSequence withSettings(Settings simpler) {
    return new DifferentialSequence(simpler, steps);
  }

  /** The settings and the number of steps, without the steps: what QuickTheories prints for each value. */
  String summary() {
    return settings + ", " + steps.size() + " steps";
  }

  /** The settings, then each step as a Java statement. */
  @Override
  public String toString() {
    return summary() + steps.stream().map(step -> step.java(settings.scale()))
        .collect(Collectors.joining(System.lineSeparator() + "  ", ":" + System.lineSeparator() + "  ", ""));
  }
}
